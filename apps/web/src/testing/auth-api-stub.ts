import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { toast } from '../components/ui/toast';
import { clearAccessToken } from '../lib/access-token';
import { clearCsrfToken } from '../lib/csrf';
import { callsOf, jsonResponse, stubFetch, type FetchCall } from './fetch-stub';

type Answer = Response | ((call: FetchCall) => Response | Promise<Response>);

/**
 * Stubs fetch with real Responses for "METHOD /path" keys (query strings ignored). The CSRF token
 * is always answered; anything else unlisted gets a 404 like the real API's unknown routes.
 */
export function stubApi(answers: Record<string, Answer>) {
  return stubFetch((call) => {
    const path = call.path.split('?')[0] ?? call.path;
    if (path === '/api/csrf-token') return jsonResponse({ csrfToken: 'csrf-test' });
    const answer = answers[`${call.method} ${path}`];
    if (!answer) return jsonResponse({ message: 'Not Found', code: 'NOT_FOUND' }, 404);
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
}

/** The parsed JSON bodies sent to one endpoint, in order. */
export function sentBodies(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): unknown[] {
  return callsOf(fetchMock)
    .filter((call) => call.method === method && call.path.split('?')[0] === path)
    .map((call) => JSON.parse(String(call.init.body)) as unknown);
}

/** Replaces window.location with a copy whose assign() records full-page navigations. */
export function stubLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

/** Toasts and the in-memory tokens are module state; each test starts without them. */
export function resetAuthState(): void {
  toast.dismiss();
  clearAccessToken();
  clearCsrfToken();
}

/** A toast by its title; sonner keeps hidden toasts in the DOM too, so this finds any of them. */
export async function findToast(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '[data-title]' });
  const item = heading.closest<HTMLElement>('[data-sonner-toast]');
  if (!item) throw new Error(`Toast "${title}" is not inside a sonner toast`);
  return item;
}

/** The duration a toast was created with, as sonner reports it. */
export function toastDuration(title: string): number | undefined {
  const found = toast.getToasts().find((item) => 'title' in item && item.title === title);
  return found && 'duration' in found ? found.duration : undefined;
}
