import { analyticsSessionStorageKey } from '@app/shared/analytics';
import { getCsrfToken, refreshCsrfToken } from '../csrf';
import type { SenderDeps } from './sender';

type TimerHandle = unknown;

/** Everything the tracker takes from the browser, so tests can hand in fakes (timers, fetch, storage, DOM). */
export interface TrackerEnvironment extends SenderDeps {
  window: Window;
  document: Document;
  /** The tab's sessionStorage; null when the browser refuses storage. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => TimerHandle;
  clearTimeout: (handle: TimerHandle) => void;
  setInterval: (callback: () => void, ms: number) => TimerHandle;
  clearInterval: (handle: TimerHandle) => void;
  randomId: () => string;
  /** How far down the reader is: pixels scrolled, viewport height and document height. */
  scrollPosition: () => { top: number; viewportHeight: number; documentHeight: number };
  /** docs/product.md#analytics: analytics send failures are only logged. */
  warn: (message: string, detail?: unknown) => void;
}

/** 32 hex characters from the CSPRNG; unlike crypto.randomUUID it also works outside secure contexts. */
export function randomClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Some browsers throw on access when storage is blocked; the id then lives in memory only.
    return null;
  }
}

// Globals are looked up on each call, so fake timers and stubbed fetch installed later still apply.
export function browserEnvironment(): TrackerEnvironment {
  return {
    window,
    document,
    storage: sessionStorageOrNull(),
    now: () => Date.now(),
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
    randomId: randomClientId,
    scrollPosition: () => ({
      top: window.scrollY,
      viewportHeight: window.innerHeight,
      documentHeight: Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0),
    }),
    warn: (message, detail) => console.warn(message, detail),
    fetch: (input, init) => globalThis.fetch(input, init),
    getCsrfToken,
    refreshCsrfToken,
  };
}

const idPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** docs/product.md#analytics: one session id per tab, kept in sessionStorage so reloads keep it and new tabs do not share it. */
export function tabSessionId(env: Pick<TrackerEnvironment, 'storage' | 'randomId'>): string {
  try {
    const stored = env.storage?.getItem(analyticsSessionStorageKey);
    if (stored && idPattern.test(stored)) return stored;
  } catch {
    // Unreadable storage: a fresh id below.
  }
  const id = env.randomId();
  try {
    env.storage?.setItem(analyticsSessionStorageKey, id);
  } catch {
    // Full or blocked storage: the id still holds for this page.
  }
  return id;
}

/** Query strings and fragments can carry tokens (password reset, verification), so only origin and path are sent. */
export function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/)[0] ?? '';
  }
}
