/** What Reddit says about a community, as far as jobs need it. */
export interface SubredditAbout {
  /** Reddit's spelling of the name (display_name), without r/. */
  name: string;
  /** null when Reddit hides the count. */
  subscribers: number | null;
  /** The sidebar's short public description; empty when the moderators wrote none. */
  publicDescription: string;
  over18: boolean;
}

export interface SubredditRule {
  shortName: string;
  description: string;
  /** Which kind of content the rule applies to: link (posts), comment or all. */
  kind: 'link' | 'comment' | 'all';
}

/**
 * Why Reddit will not show a community: banned or gone, private (also gold-only), quarantined
 * (needs opt-in), not_found (never existed or renamed).
 */
export type MissingReason = 'banned' | 'private' | 'quarantined' | 'not_found';

export type SubredditLookup<T> = { status: 'found'; value: T } | { status: 'missing'; reason: MissingReason };

/** Reddit's read API as jobs use it; HTTP in production, a stand-in server in tests. */
export interface RedditApi {
  getSubredditAbout(name: string, signal?: AbortSignal): Promise<SubredditLookup<SubredditAbout>>;
  getSubredditRules(name: string, signal?: AbortSignal): Promise<SubredditLookup<SubredditRule[]>>;
}

/** A call that failed for a reason other than the community being missing (network, 5xx, odd answer). */
export class RedditApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RedditApiError';
  }
}

/** Reddit refused our client credentials: every further call would fail too. */
export class RedditAuthError extends RedditApiError {
  override name = 'RedditAuthError';
}

/** Reddit kept answering 429, or asked for a longer pause than we are willing to wait. */
export class RedditRateLimitError extends RedditApiError {
  override name = 'RedditRateLimitError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message, 429);
  }
}
