// Starts the app (decision 057). The build (vite/start-after-paint.ts) names the entry in this
// script's data-entry. A page with content in its HTML (prerendered, or a signed-in page's heading)
// names its chunks in <link rel="app-chunk"> tags, which fetch nothing: once that content is
// painted, every chunk is fetched at once and the entry runs, so on a slow phone the page shows about
// a second sooner and is interactive no later (docs/performance.md). A page with an empty #root
// preloads its chunks and starts at once. An external file because the CSP forbids inline scripts.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // Every chunk the page needs, named by the HTML without fetching it, is fetched now, all at once.
    var chunks = document.querySelectorAll('link[rel="app-chunk"]');
    for (var i = 0; i < chunks.length; i += 1) {
      var preload = document.createElement('link');
      preload.rel = 'modulepreload';
      preload.crossOrigin = '';
      preload.href = chunks[i].getAttribute('href');
      document.head.appendChild(preload);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  function afterContentPainted() {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') < 0) {
      // No paint timing (Safari): after the next frame, which requestAnimationFrame runs just before.
      return requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    }
    var painted = function () {
      return performance.getEntriesByName('first-contentful-paint').length > 0;
    };
    if (painted()) return start();
    var observer = new PerformanceObserver(function () {
      if (!painted()) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint' });
    // A tab opened in the background paints nothing until it is shown.
    setTimeout(start, 1000);
  }
  function decide() {
    var root = document.getElementById('root');
    // A page with nothing to show before the app draws (its chunks are preloaded) starts at once.
    if (!(root && root.firstElementChild)) return start();
    afterContentPainted();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', decide);
  else decide();
})();
