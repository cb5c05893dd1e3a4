import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { clearAccessToken } from '../../lib/access-token';
import { clearCsrfToken } from '../../lib/csrf';
import { currentUserQueryKey } from '../../lib/query-client';
import { apiRequest } from '../../lib/request';

/** docs/product.md#accounts-and-sign-in: logs out, then goes to /login (or /login?logoutError=1 when the server call failed). */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Strict Mode runs effects twice in development; the server should see one logout.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      let failed = false;
      try {
        await apiRequest('POST', '/api/auth/logout');
      } catch {
        failed = true;
      }
      // Forget the session locally either way, so /login shows the sign-in dialog, not a redirect.
      clearAccessToken();
      clearCsrfToken();
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      await navigate(failed ? '/login?logoutError=1' : '/login', { replace: true });
    })();
  }, [navigate, queryClient]);

  return <Spinner label="Signing you out..." className="flex-1 py-24" />;
}
