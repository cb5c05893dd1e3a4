import { RedditApiError } from './reddit-api.js';

/** Tokens from Reddit's authorization-code or refresh grant. */
export interface UserTokens {
  accessToken: string;
  /** Only on the first exchange (duration=permanent); refreshes keep the old one. */
  refreshToken: string | undefined;
  expiresInSeconds: number;
  scope: string | undefined;
}

export interface RedditIdentity {
  id: string;
  name: string;
  linkKarma: number | null;
  commentKarma: number | null;
  createdAt: Date | null;
}

/** What /api/v1/{subreddit}/post_requirements says; fields Reddit leaves out are empty or null. */
export interface PostRequirements {
  titleRegexes: string[];
  titleRequiredStrings: string[];
  titleBlacklistedStrings: string[];
  titleTextMinLength: number | null;
  titleTextMaxLength: number | null;
  bodyRestrictionPolicy: 'none' | 'required' | 'notAllowed';
  domainBlacklist: string[];
  isFlairRequired: boolean;
  /** link, self, image, video, gallery, ...; empty when Reddit does not say. */
  allowedPostTypes: string[];
}

export interface SubmitInput {
  subreddit: string;
  title: string;
  kind: 'self' | 'image';
  text?: string;
  /** For kind image: the uploaded asset's URL (from uploadMedia). */
  url?: string;
  flairId?: string;
  flairText?: string;
  nsfw?: boolean;
  spoiler?: boolean;
}

/**
 * Reddit accepted the submit. Self posts answer with the post's id and URL; image posts answer only
 * with a websocket to wait on, so the post is then looked up in the subreddit's listing.
 */
export interface SubmitAccepted {
  id: string | undefined;
  url: string | undefined;
}

export interface FoundPost {
  id: string;
  url: string;
}

export interface PostStatus {
  removed: boolean;
  /** Reddit's removed_by_category: moderator, automod_filtered, reddit, anti_evil_ops, deleted, author, … */
  removedBy: string | null;
  score: number | null;
  comments: number | null;
  upvoteRatio?: number | null;
}

/** How many posts one /api/info call may ask about. */
export const postStatusBatchMax = 100;

/** A comment Reddit accepted (or one found under a post): its id (without t1_) and permalink. */
export interface PostedComment {
  id: string;
  url: string;
}

/** One of a subreddit's rules, and what it applies to: posts (link), comments, or both (all). */
export interface SubredditRuleText {
  kind: 'link' | 'comment' | 'all';
  shortName: string;
  description: string;
}

/**
 * Everything posting on a user's behalf needs from Reddit; HTTP in production, the stand-in in tests.
 * Every method throws RedditApiError (status when Reddit answered, none when it did not),
 * RedditRateLimitError on 429, RedditSubmitError when Reddit refused a submission,
 * RedditGrantError when a code or refresh token is no longer good.
 */
export interface RedditPostingApi {
  authorizeUrl(state: string): string;
  exchangeCode(code: string): Promise<UserTokens>;
  refreshAccessToken(refreshToken: string): Promise<UserTokens>;
  /** Tells Reddit to forget a refresh token (on disconnect); best effort. */
  revokeRefreshToken(refreshToken: string): Promise<void>;
  me(accessToken: string): Promise<RedditIdentity>;
  postRequirements(accessToken: string, subreddit: string): Promise<PostRequirements>;
  flairs(accessToken: string, subreddit: string): Promise<{ id: string; text: string }[]>;
  uploadMedia(accessToken: string, file: { filename: string; mime: string; bytes: Buffer }): Promise<string>;
  submit(accessToken: string, input: SubmitInput): Promise<SubmitAccepted>;
  /** The newest post by author in subreddit with exactly this title, created at or after since. */
  findRecentPost(
    accessToken: string,
    query: { subreddit: string; author: string; title: string; since: Date },
  ): Promise<FoundPost | null>;
  postStatus(accessToken: string, postId: string): Promise<PostStatus | null>;
  /** Up to postStatusBatchMax posts in one /api/info call; a post Reddit no longer lists is absent. */
  postStatuses(accessToken: string, postIds: readonly string[]): Promise<Map<string, PostStatus>>;
  /** Comments on a post (postId without t3_) as the token's user: one /api/comment call. */
  comment(accessToken: string, input: { postId: string; text: string }): Promise<PostedComment>;
  /** The newest comment under the post by author with this text, created at or after since. */
  findComment(
    accessToken: string,
    query: { postId: string; author: string; text: string; since: Date },
  ): Promise<PostedComment | null>;
  /** The subreddit's rules (/r/{sub}/about/rules). */
  subredditRules(accessToken: string, subreddit: string): Promise<SubredditRuleText[]>;
}

/** Reddit refused the submission itself (json.errors): rules, RATELIMIT, unknown subreddit, ... */
export class RedditSubmitError extends RedditApiError {
  override name = 'RedditSubmitError';
  constructor(
    readonly code: string,
    message: string,
    /** For RATELIMIT: how long Reddit asks us to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message, 400);
  }
}

/** invalid_grant: the user revoked the app or the refresh token expired; they must connect again. */
export class RedditGrantError extends RedditApiError {
  override name = 'RedditGrantError';
}

/** "you are doing that too much. try again in 5 minutes." → 5 minutes, in ms (default 10 minutes). */
export function rateLimitWaitMs(message: string): number {
  const match = message.match(/(?<!\d)(\d+)\s*(second|minute|hour|millisecond)/i);
  if (!match) return 10 * 60_000;
  const amount = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  const factor = unit === 'hour' ? 3_600_000 : unit === 'minute' ? 60_000 : unit === 'second' ? 1000 : 1;
  return amount * factor;
}
