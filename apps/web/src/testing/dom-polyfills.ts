// jsdom lacks a few browser APIs that Radix menus and dialogs call; harmless stand-ins for tests.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
// ScrollRestoration scrolls on every navigation; jsdom only logs "not implemented".
window.scrollTo = () => undefined;
