import { createHttpRedditPostingApi } from '../../adapters/reddit/http-reddit-posting-api.js';
import type { RedditPostingApi } from '../../adapters/reddit/reddit-posting-api.js';
import { redditAccountScopes } from '@app/shared/reddit';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { RedditFactsCache } from './reddit-facts-cache.js';
import { createRedditRateBudget, type ServerRedditBudget } from './reddit-rate-budget.js';
import { RedditAccessTokens } from './reddit-session.js';
import { createTokenCipher, loadTokenKey, type TokenCipher } from './token-cipher.js';

/** What linking accounts and posting need; undefined when Reddit app credentials are not configured. */
export interface RedditPosting {
  api: RedditPostingApi;
  tokens: RedditAccessTokens;
  cipher: TokenCipher;
  /** Karma, age and subreddit requirements Reddit gave in the last minutes. */
  facts: RedditFactsCache;
  /**
   * The posting app's server-wide Reddit allowance (docs/decisions/038-reddit-rate-budget.md);
   * undefined when a test hands in its own client.
   */
  budget: ServerRedditBudget | undefined;
}

/** The posting client with its server-wide allowance; the sign-in app's when posting has no app of its own. */
export function redditPostingApiFromConfig(
  config: AppConfig,
  budget: ServerRedditBudget | undefined,
): RedditPostingApi | undefined {
  if (!config.redditPosting) return undefined;
  return createHttpRedditPostingApi({
    ...config.redditPosting,
    ...config.reddit,
    scopes: redditAccountScopes,
    budget,
  });
}

/** The allowance of the Reddit app that posts; undefined without Reddit app credentials. */
export function postingBudgetFromConfig(db: Database, config: AppConfig): ServerRedditBudget | undefined {
  if (!config.redditPosting) return undefined;
  return createRedditRateBudget(db, config.redditPosting.clientId, config.redditRateBudget);
}

export async function createRedditPosting(
  db: Database,
  config: AppConfig,
  given?: RedditPostingApi,
): Promise<RedditPosting | undefined> {
  const budget = given ? undefined : postingBudgetFromConfig(db, config);
  const api = given ?? redditPostingApiFromConfig(config, budget);
  if (!api) return undefined;
  const cipher = createTokenCipher(await loadTokenKey(db, config.redditTokenKey));
  return {
    api,
    cipher,
    tokens: new RedditAccessTokens(db, api, cipher),
    facts: new RedditFactsCache(),
    budget,
  };
}
