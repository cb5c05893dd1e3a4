import type { ExternalToast, ToastT, ToastToDismiss } from 'sonner';

type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'warning' | 'info' | 'message' | 'loading';
type Message = Parameters<Sonner['toast']['success']>[0];

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let pending: Array<{ id: string | number; show: (module: Sonner) => void }> = [];
const requestListeners = new Set<() => void>();
let nextId = 0;

/** Fetches sonner's code (once); deferred-toaster.tsx mounts its Toaster with it. */
export function loadSonner(): Promise<Sonner> {
  return (loading ??= import('sonner'));
}

/** Called by the deferred Toaster once it listens: toasts asked for before that are shown now. */
export function toasterReady(module: Sonner): void {
  sonner = module;
  const waiting = pending;
  pending = [];
  waiting.forEach(({ show }) => show(module));
}

/** The Toaster went away (a test's app unmounted): later toasts wait for the next one. */
export function toasterGone(module: Sonner): void {
  if (sonner === module) sonner = null;
}

/** The deferred Toaster mounts when the first toast is wanted. */
export function onToastRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

function showOrQueue(kind: Kind) {
  return (message: Message, data?: ExternalToast): string | number => {
    if (sonner) return sonner.toast[kind](message, data);
    const id = data?.id ?? `toast-${++nextId}`;
    pending.push({ id, show: (module) => module.toast[kind](message, { ...data, id }) });
    requestListeners.forEach((listener) => listener());
    return id;
  };
}

/**
 * The app's one toast API, sonner's own calls. Sonner's code (9 kB) is not on a visitor's first
 * page (decision 033): a toast asked for before it arrived is shown as soon as the Toaster listens.
 */
export const toast = {
  success: showOrQueue('success'),
  error: showOrQueue('error'),
  warning: showOrQueue('warning'),
  info: showOrQueue('info'),
  message: showOrQueue('message'),
  loading: showOrQueue('loading'),
  dismiss(id?: string | number): void {
    if (sonner) {
      sonner.toast.dismiss(id);
      return;
    }
    pending = id === undefined ? [] : pending.filter((item) => item.id !== id);
  },
  getToasts(): Array<ToastT | ToastToDismiss> {
    return sonner?.toast.getToasts() ?? [];
  },
};
