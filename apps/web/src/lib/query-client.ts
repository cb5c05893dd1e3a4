import { QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { clearAccessToken } from './access-token';
import { clearCsrfToken } from './csrf';
import { ApiError, apiRequest } from './request';

export const currentUserQueryKey = ['/api/auth/user'] as const;

const pagesWithoutRedirect = new Set(['/', '/login']);

/** GET on the first key element as the path; the current user is null rather than an error when signed out. */
const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('A default query needs an API path as its first key element');
  try {
    return await apiRequest('GET', path, { signal });
  } catch (error) {
    if (path === currentUserQueryKey[0] && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};

function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export interface QueryClientOptions {
  /** Called after the session was logged out, unless the user already is on / or /login. */
  onSessionLost?: () => void;
}

export function createQueryClient({
  onSessionLost = () => window.location.assign('/'),
}: QueryClientOptions = {}): QueryClient {
  let loggingOut: Promise<void> | null = null;

  async function logOutLostSession(): Promise<void> {
    clearAccessToken();
    queryClient.setQueryData(currentUserQueryKey, null);
    try {
      // keepalive lets the logout finish even when the redirect below unloads the page first.
      await apiRequest('POST', '/api/auth/logout', { keepalive: true });
    } catch {
      // Best effort: the session is already unusable on this side.
    }
    clearCsrfToken();
    if (!pagesWithoutRedirect.has(window.location.pathname)) onSessionLost();
  }

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // Only default-queryFn queries count (docs/product.md#talking-to-the-server): custom fetchers handle their own 401/403.
      onError: (error, query) => {
        if (query.options.queryFn !== defaultQueryFn || !isSessionError(error)) return;
        loggingOut ??= logOutLostSession().finally(() => {
          loggingOut = null;
        });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
