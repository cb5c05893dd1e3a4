import type { RedditPostingApi } from '../../adapters/reddit/reddit-posting-api.js';
import type { Database } from '../../db/client.js';
import type { RedditAccountRow } from '../../db/schema/index.js';
import { updateRefreshToken } from './reddit-accounts.repo.js';
import type { TokenCipher } from './token-cipher.js';

/**
 * Access tokens for linked accounts. They live an hour and are kept only in this process's memory
 * (never stored); the refresh token, encrypted in the database, gets a new one when needed.
 */
export class RedditAccessTokens {
  private readonly cache = new Map<string, { token: string; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    private readonly db: Database,
    private readonly api: RedditPostingApi,
    private readonly cipher: TokenCipher,
  ) {}

  async get(account: RedditAccountRow): Promise<string> {
    const cached = this.cache.get(account.id);
    if (cached && Date.now() < cached.expiresAt) return cached.token;
    let pending = this.pending.get(account.id);
    if (!pending) {
      pending = this.refresh(account).finally(() => this.pending.delete(account.id));
      this.pending.set(account.id, pending);
    }
    return pending;
  }

  /** After a 401: the token was revoked or expired early. */
  invalidate(accountId: string) {
    this.cache.delete(accountId);
  }

  /** Runs call with a token, and once more with a fresh one when Reddit answers 401. */
  async withToken<T>(account: RedditAccountRow, call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(await this.get(account));
    } catch (error) {
      if ((error as { status?: number }).status !== 401) throw error;
      this.invalidate(account.id);
      return call(await this.get(account));
    }
  }

  remember(accountId: string, token: string, expiresInSeconds: number) {
    this.cache.set(accountId, {
      token,
      expiresAt: Date.now() + (expiresInSeconds - Math.min(60, expiresInSeconds / 10)) * 1000,
    });
  }

  private async refresh(account: RedditAccountRow): Promise<string> {
    const tokens = await this.api.refreshAccessToken(this.cipher.decrypt(account.refreshTokenEncrypted));
    if (tokens.refreshToken)
      await updateRefreshToken(this.db, account.id, this.cipher.encrypt(tokens.refreshToken));
    this.remember(account.id, tokens.accessToken, tokens.expiresInSeconds);
    return tokens.accessToken;
  }
}
