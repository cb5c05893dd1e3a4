/** The look both dialog kinds share (Dialog and AlertDialog), so they cannot drift apart. */
export const dialogOverlayClass =
  'fixed inset-0 z-50 bg-zinc-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in';

/** The panel's box without padding or animation: the native modal dialog (modal-dialog.tsx) wears it too. */
export const dialogBoxClass = [
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
  'rounded-2xl border border-zinc-200 bg-white shadow-xl dark:border-zinc-800 dark:bg-zinc-900',
].join(' ');

export const dialogPanelClass = `${dialogBoxClass} p-6 data-[state=open]:animate-fade-in`;
