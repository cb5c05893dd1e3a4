/** Where a Reddit account link started, so the return from Reddit (to /) can go back there. */
export const connectReturnKey = 'redditConnectReturnTo';
export const defaultConnectReturn = '/reddit';

// The codes the server puts on / when a link fails (see redditConnectFailedPath).
const failureCodes = new Set(['reddit_failed', 'reddit_auth_failed']);

export function rememberConnectReturn(path: string): void {
  try {
    sessionStorage.setItem(connectReturnKey, path);
  } catch {
    // Without session storage the user lands on the Reddit page instead.
  }
}

function storedReturn(): string | null {
  try {
    const path = sessionStorage.getItem(connectReturnKey);
    // Only paths inside the app: never an address someone slipped into storage.
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

export function forgetConnectReturn(): void {
  try {
    sessionStorage.removeItem(connectReturnKey);
  } catch {
    // nothing stored
  }
}

export type ConnectOutcome = { kind: 'connected' } | { kind: 'failed'; code: string };

/**
 * What the query says about a link just made: ?reddit=connected, or a Reddit ?error= when this tab
 * started a link (otherwise the error belongs to a Reddit sign-in and the landing shows it).
 */
export function connectOutcome(search: string): ConnectOutcome | null {
  const params = new URLSearchParams(search);
  if (params.get('reddit') === 'connected') return { kind: 'connected' };
  const code = params.get('error');
  if (code && failureCodes.has(code) && storedReturn()) return { kind: 'failed', code };
  return null;
}

/**
 * Where a signed-in user who lands on / after linking goes: back to the page the link started
 * from (default /reddit), keeping the outcome in the query for the notice to show. Null when the
 * query says nothing about a link.
 */
export function connectReturnDestination(search: string): string | null {
  const outcome = connectOutcome(search);
  if (!outcome) return null;
  const target = new URL(storedReturn() ?? defaultConnectReturn, 'http://app.invalid');
  if (outcome.kind === 'connected') target.searchParams.set('reddit', 'connected');
  else target.searchParams.set('error', outcome.code);
  return `${target.pathname}${target.search}${target.hash}`;
}
