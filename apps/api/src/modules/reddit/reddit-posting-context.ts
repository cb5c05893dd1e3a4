import { createHttpRedditPostingApi } from '../../adapters/reddit/http-reddit-posting-api.js';
import type { RedditPostingApi } from '../../adapters/reddit/reddit-posting-api.js';
import { redditAccountScopes } from '@app/shared/reddit';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { RedditFactsCache } from './reddit-facts-cache.js';
import { RedditAccessTokens } from './reddit-session.js';
import { createTokenCipher, loadTokenKey, type TokenCipher } from './token-cipher.js';

/** What linking accounts and posting need; undefined when Reddit app credentials are not configured. */
export interface RedditPosting {
  api: RedditPostingApi;
  tokens: RedditAccessTokens;
  cipher: TokenCipher;
  /** Karma, age and subreddit requirements Reddit gave in the last minutes. */
  facts: RedditFactsCache;
}

export function redditPostingApiFromConfig(config: AppConfig): RedditPostingApi | undefined {
  if (!config.redditPosting) return undefined;
  return createHttpRedditPostingApi({
    ...config.redditPosting,
    ...config.reddit,
    scopes: redditAccountScopes,
  });
}

export async function createRedditPosting(
  db: Database,
  config: AppConfig,
  api: RedditPostingApi | undefined = redditPostingApiFromConfig(config),
): Promise<RedditPosting | undefined> {
  if (!api) return undefined;
  const cipher = createTokenCipher(await loadTokenKey(db, config.redditTokenKey));
  return { api, cipher, tokens: new RedditAccessTokens(db, api, cipher), facts: new RedditFactsCache() };
}
