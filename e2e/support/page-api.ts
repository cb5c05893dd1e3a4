import type { Page } from 'playwright-core';

/**
 * Calls the API from the page, as the app does: with the session cookie and the CSRF header. For
 * setting up what a journey is not about (scheduling in the reposts journey, say) and reading state.
 */
export async function callApiFromPage<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const { csrfToken } = (await (await fetch('/api/csrf-token')).json()) as { csrfToken: string };
      const response = await fetch(url, {
        method,
        headers: { 'x-csrf-token': csrfToken, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, json: await response.json() };
    },
    { method, url, body },
  );
}
