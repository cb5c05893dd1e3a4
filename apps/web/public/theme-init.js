// Applies the saved theme before first paint so dark-mode users see no light flash.
// Loaded as an external script because the CSP forbids inline ones; mirrors src/lib/theme.ts.
(function () {
  var preference = 'system';
  try {
    var stored = window.localStorage.getItem('creator-studio-theme');
    if (stored === 'light' || stored === 'dark') preference = stored;
  } catch {
    // Storage can be unavailable; fall back to the system preference.
  }
  var prefersDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var theme = preference === 'system' ? (prefersDark ? 'dark' : 'light') : preference;
  var root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
})();
