/** The look both dialog kinds share (Dialog and AlertDialog), so they cannot drift apart. */
export const dialogOverlayClass =
  'fixed inset-0 z-50 bg-zinc-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in';

export const dialogPanelClass = [
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
  'rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl data-[state=open]:animate-fade-in',
  'dark:border-zinc-800 dark:bg-zinc-900',
].join(' ');
