import { useEffect, useState } from 'react';
import { oauthProviders, type OAuthProvider } from '@app/shared/auth';

const isProvider = (value: unknown): value is OAuthProvider =>
  (oauthProviders as readonly unknown[]).includes(value);

/**
 * GET /api/auth/providers: only the social sign-in providers the server has configured. A plain
 * fetch, checked by hand: the login dialog shows the buttons before anyone types, and zod and the
 * request helper would cost a visitor's first page 25 kB (decision 033). A failure means none.
 */
export async function getAuthProviders(signal?: AbortSignal): Promise<OAuthProvider[]> {
  try {
    const response = await fetch('/api/auth/providers', { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) return [];
    const body = (await response.json()) as { providers?: unknown } | null;
    return Array.isArray(body?.providers) ? body.providers.filter(isProvider) : [];
  } catch {
    return [];
  }
}

/** The enabled providers; empty while loading or when the lookup fails, so no dead buttons show. */
export function useAuthProviders(): OAuthProvider[] {
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void getAuthProviders(controller.signal).then((found) => {
      if (!controller.signal.aborted) setProviders(found);
    });
    return () => controller.abort();
  }, []);
  return providers;
}
