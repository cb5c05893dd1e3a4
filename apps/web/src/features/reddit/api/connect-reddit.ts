import { useMutation } from '@tanstack/react-query';
import { redditConnectResponseSchema } from '@app/shared/reddit';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { rememberConnectReturn } from '../lib/connect-return';
import { redditErrorText } from '../lib/reddit-error-text';
import { redditPageTexts } from '../lib/reddit-texts';

/** docs/product.md#reddit-posting: GET /api/reddit/connect?intent=account-link answers the Reddit address to approve the link at. */
export async function getRedditConnectUrl(): Promise<string> {
  const body = await apiRequest('GET', '/api/reddit/connect?intent=account-link', {
    schema: redditConnectResponseSchema,
  });
  return body.authUrl;
}

/** docs/product.md#reddit-posting: the browser goes to Reddit; it comes back to /?reddit=connected, then to the page it left. */
export function useConnectReddit() {
  return useMutation({
    mutationFn: getRedditConnectUrl,
    onSuccess: (authUrl) => {
      rememberConnectReturn(`${window.location.pathname}${window.location.search}`);
      window.location.assign(authUrl);
    },
    onError: (error) => toast.error(redditPageTexts.connectFailed, { description: redditErrorText(error) }),
  });
}
