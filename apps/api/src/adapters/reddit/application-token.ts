import { z } from 'zod';
import { RedditApiError, RedditAuthError } from './reddit-api.js';
import { budgeted, type RedditRateBudget } from './rate-budget.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  authBaseUrl: string;
  userAgent: string;
  timeoutMs: number;
  /** A token grant is priority 2 in the server-wide allowance. */
  budget?: RedditRateBudget;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

/**
 * Reddit's application-only OAuth (client_credentials grant): a bearer token for public data without
 * any user. Kept until shortly before it expires; concurrent callers share one request.
 */
export class ApplicationToken {
  private cached: { token: string; expiresAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(private readonly credentials: ClientCredentials) {}

  async get(signal?: AbortSignal): Promise<string> {
    if (this.cached && Date.now() < this.cached.expiresAt) return this.cached.token;
    this.pending ??= this.request(signal).finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** After a 401: the token was revoked or expired early. */
  invalidate(): void {
    this.cached = undefined;
  }

  private async request(signal?: AbortSignal): Promise<string> {
    const { clientId, clientSecret, authBaseUrl, userAgent, timeoutMs, budget } = this.credentials;
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await budgeted(budget, 2, () =>
      fetch(`${authBaseUrl}/api/v1/access_token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': userAgent,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      }).catch((error: unknown) => {
        signal?.throwIfAborted();
        throw new RedditApiError(`Reddit token request failed: ${(error as Error).message}`);
      }),
    );
    if (response.status === 401 || response.status === 403) {
      throw new RedditAuthError(
        'Reddit refused the client credentials (REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET)',
        response.status,
      );
    }
    const parsed = tokenResponseSchema.safeParse(
      response.ok ? await response.json().catch(() => null) : null,
    );
    if (!parsed.success) {
      throw new RedditApiError(
        `Reddit token request answered ${response.status} without a token`,
        response.status,
      );
    }
    const lifetimeMs = parsed.data.expires_in * 1000;
    // Renew a minute early (a tenth early for short-lived tokens) so no call carries a dying token.
    this.cached = {
      token: parsed.data.access_token,
      expiresAt: Date.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 10),
    };
    return this.cached.token;
  }
}
