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

// jsdom has <dialog> but not its modal API; this stand-in opens it and turns Escape into `cancel`
// as browsers do. The focus trap and inert page are the browser's, checked in e2e.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    const focusable = this.querySelector<HTMLElement>('input, button, select, textarea, [href], [tabindex]');
    focusable?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
    if (dialog?.dispatchEvent(new Event('cancel', { cancelable: true })))
      (dialog as HTMLDialogElement).close();
  });
}
