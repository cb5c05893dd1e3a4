import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { accountFlowTexts, signInErrorMessages, signInFallbackMessage } from '@app/shared/messages';
import { toast } from '../../../components/ui/toast';
import { currentUserQueryKey } from '../../../lib/query-client';
import { redditAccountsQueryKey } from '../api/get-reddit-accounts';
import { connectOutcome, forgetConnectReturn } from '../lib/connect-return';
import { redditPageTexts } from '../lib/reddit-texts';

/**
 * docs/product.md#reddit-posting: back from Reddit with reddit=connected (or a Reddit error of a link this tab started),
 * a signed-in user gets a toast, the user and the account list are read again, and the query
 * leaves the address bar (replacing the history entry).
 */
export function useConnectOutcomeNotice(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Strict Mode runs effects twice; each history entry is handled once.
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    // On / the home route first sends the user back to the page the link started from.
    if (location.pathname === '/') return;
    const outcome = connectOutcome(location.search);
    if (!outcome || handledKey.current === location.key) return;
    handledKey.current = location.key;
    forgetConnectReturn();
    if (outcome.kind === 'connected') {
      toast.success(accountFlowTexts.redditConnectedTitle, {
        id: 'landing-reddit',
        description: accountFlowTexts.redditConnectedText,
      });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: redditAccountsQueryKey });
    } else {
      toast.error(redditPageTexts.connectFailed, {
        id: 'landing-reddit',
        description: signInErrorMessages[outcome.code] ?? signInFallbackMessage,
      });
    }
    const params = new URLSearchParams(location.search);
    params.delete('reddit');
    params.delete('error');
    const search = params.size > 0 ? `?${params}` : '';
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate, queryClient]);
}
