import { z } from 'zod';

/** docs/product.md#reddit-posting: GET /api/reddit/connect?intent=account-link. */
export const redditConnectIntents = ['account-link'] as const;
export const redditConnectQuerySchema = z.strictObject({
  intent: z.enum(redditConnectIntents, { message: 'intent must be account-link' }).default('account-link'),
});
export const redditConnectResponseSchema = z.object({ authUrl: z.string() });
export type RedditConnectResponse = z.infer<typeof redditConnectResponseSchema>;

/** What we ask Reddit for when linking an account (permanent duration, so a refresh token comes back). */
export const redditAccountScopes = ['identity', 'submit', 'read'] as const;

/** Where the browser lands after a successful link (docs/product.md#reddit-posting: landing query reddit=connected). */
export const redditConnectedPath = '/?reddit=connected';
/** Where it lands when the link fails; the landing page maps the code with signInErrorMessages. */
export const redditConnectFailedPath = '/?error=reddit_auth_failed';

/** A linked Reddit account as GET /api/reddit/accounts lists it. Tokens never leave the server. */
export const redditAccountSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  /** Karma and account creation date as Reddit reported them at the last check; null when unknown. */
  linkKarma: z.number().int().nullable(),
  commentKarma: z.number().int().nullable(),
  redditCreatedAt: z.iso.datetime().nullable(),
  connectedAt: z.iso.datetime(),
});
export type RedditAccount = z.infer<typeof redditAccountSchema>;

export const redditAccountsResponseSchema = z.object({
  accounts: z.array(redditAccountSchema),
  /** docs/product.md#reddit-posting: accounts allowed on the user's plan; null means unlimited. */
  limit: z.number().int().positive().nullable(),
  canConnectMore: z.boolean(),
  /**
   * False when this server has no Reddit app credentials: accounts cannot be linked and posts are
   * not sent, while rules checks and planning still work from the communities database.
   */
  postingAvailable: z.boolean(),
});
export type RedditAccountsResponse = z.infer<typeof redditAccountsResponseSchema>;

export const redditAccountParamsSchema = z.strictObject({
  id: z.uuid({ message: 'id must be a valid id (UUID)' }),
});
export const disconnectRedditAccountResponseSchema = z.object({ message: z.string() });

/**
 * docs/product.md#reddit-posting: POST /api/reddit/quick-repost {imageId}. The server makes a fresh protected copy of the
 * photo (it no longer matches earlier copies) and queues it as a Reddit image post. Subreddit and
 * title default to those of the photo's latest post; without one they must be given.
 */
export const quickRepostRequestSchema = z.strictObject({
  imageId: z.uuid({ message: 'imageId must be a valid id (UUID)' }),
  subreddit: z.string().trim().min(1).max(100).optional(),
  title: z.string().trim().min(1).max(300).optional(),
  /** Which linked account posts; defaults to the account of the earlier post, else the first linked one. */
  redditAccountId: z.uuid().optional(),
});
export type QuickRepostRequest = z.infer<typeof quickRepostRequestSchema>;

export const quickRepostResponseSchema = z.object({
  /** 'Repost queued' (docs/product.md#reddit-posting). */
  message: z.string(),
  /** The server's time of the repost; the gallery sets lastRepostedAt to it. */
  repostedAt: z.iso.datetime(),
  postId: z.uuid(),
  subreddit: z.string(),
  scheduledAt: z.iso.datetime(),
  protectedUrl: z.string(),
});
export type QuickRepostResponse = z.infer<typeof quickRepostResponseSchema>;

/** docs/product.md#reddit-posting texts of the Reddit features, plus the ones the spec leaves open. */
export const redditTexts = {
  schedulerLoading: 'Loading your Reddit accounts and posts...',
  repostQueued: 'Repost queued',
  repostQueuedDefault: 'Your image has been queued for reposting.',
  repostFailed: 'Repost failed',
  accountDisconnected: 'Reddit account disconnected',
  notConfigured:
    'Reddit posting is not set up on this server yet. Ask the site admin to add the Reddit app credentials.',
  noAccount: 'Connect a Reddit account first: use "Connect Reddit" on the Reddit page.',
  postingOffTitle: 'Reddit posting is not set up on this server',
  postingOffText:
    'You can still check your titles against each community’s rules and plan posts. Linking a Reddit account and sending posts start once the site admin adds the Reddit app credentials.',
  postingOffAdmin: 'For the site admin',
  /** What the operator does, in order; the README's "Reddit posting" section says the same. */
  postingOffSteps: (callbackUrl: string) => [
    'Create an app at https://www.reddit.com/prefs/apps of type “web app”.',
    `Set its redirect URI to exactly ${callbackUrl}.`,
    'Set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET (or REDDIT_POSTING_CLIENT_ID and REDDIT_POSTING_CLIENT_SECRET when sign-in with Reddit uses another app) to the app’s id and secret.',
    'Set REDDIT_TOKEN_KEY to a random secret of 32 characters or more (openssl rand -base64 32), then restart the server.',
  ],
  accountLimit: (limit: number) =>
    `Your plan allows ${limit} connected Reddit account${limit === 1 ? '' : 's'}. Disconnect one or upgrade your plan to add another.`,
  accountNotFound: 'That Reddit account is not connected to your profile.',
  repostNeedsSubreddit:
    'This photo has not been posted yet, so there is nothing to repost from. Choose a subreddit and a title for it.',
  onlyImagesRepost: 'Only photos can be reposted to Reddit from the gallery.',
} as const;
