import { z } from 'zod';
import { retryAfterMs } from './rate-gate.js';
import { budgeted, type RedditCallPriority, type RedditRateBudget } from './rate-budget.js';
import { RedditApiError, RedditRateLimitError } from './reddit-api.js';
import {
  type PostRequirements,
  type PostStatus,
  postStatusBatchMax,
  rateLimitWaitMs,
  RedditGrantError,
  type RedditPostingApi,
  RedditSubmitError,
  type UserTokens,
} from './reddit-posting-api.js';

export interface HttpRedditPostingOptions {
  clientId: string;
  clientSecret: string;
  /** Where users approve the app and tokens are issued (https://www.reddit.com). */
  authBaseUrl: string;
  /** Bearer-token API (https://oauth.reddit.com). */
  apiBaseUrl: string;
  redirectUri: string;
  userAgent: string;
  scopes: readonly string[];
  timeoutMs?: number;
  /** The server-wide allowance; each call below names its priority (docs/decisions/038-reddit-rate-budget.md). */
  budget?: RedditRateBudget;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
});
const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  link_karma: z.number().int().nullish(),
  comment_karma: z.number().int().nullish(),
  created_utc: z.number().nullish(),
});
const strings = z
  .array(z.string())
  .nullish()
  .transform((value) => value ?? []);
const requirementsSchema = z.object({
  title_regexes: strings,
  title_required_strings: strings,
  title_blacklisted_strings: strings,
  title_text_min_length: z.number().int().nullish(),
  title_text_max_length: z.number().int().nullish(),
  body_restriction_policy: z.enum(['none', 'required', 'notAllowed']).catch('none').nullish(),
  domain_blacklist: strings,
  is_flair_required: z.boolean().nullish(),
});
const aboutSchema = z.object({
  data: z
    .object({
      submission_type: z.string().nullish(),
      allow_images: z.boolean().nullish(),
      allow_videos: z.boolean().nullish(),
      allow_galleries: z.boolean().nullish(),
    })
    .optional(),
});
const leaseSchema = z.object({
  args: z.object({ action: z.string(), fields: z.array(z.object({ name: z.string(), value: z.string() })) }),
});
const submitSchema = z.object({
  json: z.object({
    errors: z.array(z.array(z.unknown())).default([]),
    data: z.object({ id: z.string().optional(), url: z.string().optional() }).optional(),
  }),
});
const listingSchema = z.object({
  data: z.object({
    children: z.array(
      z.object({
        data: z
          .object({
            id: z.string(),
            author: z.string().nullish(),
            title: z.string().nullish(),
            created_utc: z.number().nullish(),
            permalink: z.string().nullish(),
            removed_by_category: z.string().nullish(),
            score: z.number().nullish(),
            upvote_ratio: z.number().nullish(),
            num_comments: z.number().nullish(),
          })
          .passthrough(),
      }),
    ),
  }),
});

const commentSchema = z.object({
  json: z.object({
    errors: z.array(z.array(z.unknown())).default([]),
    data: z
      .object({
        things: z
          .array(
            z.object({
              data: z.object({ id: z.string(), permalink: z.string().nullish() }).passthrough(),
            }),
          )
          .default([]),
      })
      .optional(),
  }),
});
const commentListingSchema = z.object({
  data: z.object({
    children: z.array(
      z.object({
        kind: z.string(),
        data: z
          .object({
            id: z.string().optional(),
            author: z.string().nullish(),
            body: z.string().nullish(),
            created_utc: z.number().nullish(),
            permalink: z.string().nullish(),
          })
          .passthrough(),
      }),
    ),
  }),
});
const rulesSchema = z.object({
  rules: z
    .array(
      z.object({
        kind: z.enum(['link', 'comment', 'all']).catch('all'),
        short_name: z.string().nullish(),
        description: z.string().nullish(),
      }),
    )
    .default([]),
});

const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

type Form = Record<string, string | undefined>;

/**
 * Reddit's API on behalf of a user (authorization-code OAuth with a permanent refresh token). Each
 * answer is typed into the errors RedditPostingApi names; callers decide what to retry.
 */
export function createHttpRedditPostingApi(options: HttpRedditPostingOptions): RedditPostingApi {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  /** priority null: not Reddit's API (the media upload goes to S3) and not counted. */
  async function send(
    priority: RedditCallPriority | null,
    url: string,
    init: RequestInit,
  ): Promise<Response> {
    const call = async () => {
      try {
        return await fetch(url, {
          ...init,
          headers: { 'user-agent': options.userAgent, ...(init.headers as Record<string, string>) },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // No answer: the request may or may not have reached Reddit.
        throw new RedditApiError(`Reddit did not answer: ${(error as Error).message}`);
      }
    };
    return priority === null ? call() : budgeted(options.budget, priority, call);
  }

  async function checked(response: Response): Promise<unknown> {
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers) ?? 60_000;
      throw new RedditRateLimitError('Reddit is rate limiting requests', wait);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message =
        body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
          ? body.message
          : response.statusText;
      throw new RedditApiError(`Reddit answered ${response.status}: ${message}`, response.status);
    }
    return body;
  }

  async function api(
    priority: RedditCallPriority,
    accessToken: string,
    path: string,
    form?: Form,
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
    };
    const init: RequestInit = { method: form ? 'POST' : 'GET', headers };
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = new URLSearchParams(
        Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined),
      );
    }
    return checked(await send(priority, `${options.apiBaseUrl}${path}`, init));
  }

  async function tokenRequest(form: Record<string, string>): Promise<UserTokens> {
    const response = await send(2, `${options.authBaseUrl}/api/v1/access_token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    if (response.status === 429 || response.status >= 500) await checked(response);
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    // Reddit answers a bad grant with 200/400 and an error field; never log the token or code.
    if (body && typeof body.error === 'string') {
      if (body.error === 'invalid_grant')
        throw new RedditGrantError('Reddit no longer accepts this authorization', 400);
      throw new RedditApiError(`Reddit refused the token request: ${body.error}`, response.status);
    }
    if (response.status === 401) throw new RedditApiError('Reddit refused the app credentials', 401);
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success)
      throw new RedditApiError(`Reddit token answer ${response.status} without a token`, response.status);
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token,
      expiresInSeconds: parsed.data.expires_in,
      scope: parsed.data.scope,
    };
  }

  /** One /api/info call for up to 100 posts (the outcome checks batch through it). */
  async function postStatuses(
    accessToken: string,
    postIds: readonly string[],
  ): Promise<Map<string, PostStatus>> {
    if (postIds.length === 0) return new Map();
    if (postIds.length > postStatusBatchMax)
      throw new RedditApiError(`At most ${postStatusBatchMax} posts per /api/info call`, 400);
    const ids = postIds.map((id) => `t3_${encodeURIComponent(id)}`).join(',');
    const listing = listingSchema.parse(await api(3, accessToken, `/api/info?id=${ids}&raw_json=1`));
    const statuses = new Map<string, PostStatus>();
    for (const { data: post } of listing.data.children) {
      const category = post.removed_by_category ?? null;
      statuses.set(post.id, {
        removed: category !== null,
        removedBy: category,
        score: post.score ?? null,
        comments: post.num_comments ?? null,
        upvoteRatio: post.upvote_ratio ?? null,
      });
    }
    return statuses;
  }

  const sub = (name: string) => encodeURIComponent(name);

  return {
    authorizeUrl(state) {
      const url = new URL(`${options.authBaseUrl}/api/v1/authorize`);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        response_type: 'code',
        state,
        redirect_uri: options.redirectUri,
        duration: 'permanent',
        scope: options.scopes.join(' '),
      }).toString();
      return url.toString();
    },

    exchangeCode: (code) =>
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: options.redirectUri }),

    refreshAccessToken: (refreshToken) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    async revokeRefreshToken(refreshToken) {
      const response = await send(2, `${options.authBaseUrl}/api/v1/revoke_token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token' }),
      });
      if (!response.ok)
        throw new RedditApiError(`Reddit answered ${response.status} to the revocation`, response.status);
    },

    async me(accessToken) {
      const me = meSchema.parse(await api(2, accessToken, '/api/v1/me'));
      return {
        id: me.id,
        name: me.name,
        linkKarma: me.link_karma ?? null,
        commentKarma: me.comment_karma ?? null,
        createdAt: me.created_utc ? new Date(me.created_utc * 1000) : null,
      };
    },

    async postRequirements(accessToken, subreddit) {
      const [requirementsBody, aboutBody] = await Promise.all([
        api(4, accessToken, `/api/v1/${sub(subreddit)}/post_requirements`),
        api(4, accessToken, `/r/${sub(subreddit)}/about`).catch(() => null),
      ]);
      const r = requirementsSchema.parse(requirementsBody);
      const about = aboutSchema.safeParse(aboutBody).data?.data;
      const allowed: string[] = [];
      if (about) {
        const type = about.submission_type ?? 'any';
        if (type !== 'self') allowed.push('link');
        if (type !== 'link') allowed.push('self');
        if (about.allow_images) allowed.push('image');
        if (about.allow_videos) allowed.push('video');
        if (about.allow_galleries) allowed.push('gallery');
      }
      const result: PostRequirements = {
        titleRegexes: r.title_regexes,
        titleRequiredStrings: r.title_required_strings,
        titleBlacklistedStrings: r.title_blacklisted_strings,
        titleTextMinLength: r.title_text_min_length ?? null,
        titleTextMaxLength: r.title_text_max_length ?? null,
        bodyRestrictionPolicy: r.body_restriction_policy ?? 'none',
        domainBlacklist: r.domain_blacklist,
        isFlairRequired: r.is_flair_required ?? false,
        allowedPostTypes: allowed,
      };
      return result;
    },

    async flairs(accessToken, subreddit) {
      const body = await api(4, accessToken, `/r/${sub(subreddit)}/api/link_flair_v2`).catch(() => []);
      const parsed = z.array(z.object({ id: z.string(), text: z.string().nullish() })).safeParse(body);
      return parsed.success ? parsed.data.map((f) => ({ id: f.id, text: f.text ?? '' })) : [];
    },

    async uploadMedia(accessToken, file) {
      // 1. A lease: an S3-style form (action + fields) the file is posted to.
      const lease = leaseSchema.parse(
        await api(1, accessToken, '/api/media/asset.json', { filepath: file.filename, mimetype: file.mime }),
      );
      // The action is protocol-relative ("//reddit-uploaded-media.s3-accelerate.amazonaws.com").
      const action = new URL(lease.args.action, options.apiBaseUrl).toString().replace(/\/$/, '');
      const form = new FormData();
      for (const field of lease.args.fields) form.append(field.name, field.value);
      form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.filename);
      // 2. The upload itself (S3 answers 201 with XML; no bearer token goes to S3).
      const uploaded = await send(null, action, { method: 'POST', body: form });
      if (uploaded.status === 429 || uploaded.status >= 500) await checked(uploaded);
      if (!uploaded.ok)
        throw new RedditApiError(`Reddit's media upload answered ${uploaded.status}`, uploaded.status);
      const key = lease.args.fields.find((field) => field.name === 'key')?.value;
      if (!key) throw new RedditApiError('Reddit gave an upload lease without a key', 502);
      return `${action}/${key}`;
    },

    async submit(accessToken, input) {
      const body = submitSchema.parse(
        await api(1, accessToken, '/api/submit', {
          api_type: 'json',
          sr: input.subreddit,
          kind: input.kind,
          title: input.title,
          text: input.kind === 'self' ? (input.text ?? '') : undefined,
          url: input.kind === 'image' ? input.url : undefined,
          flair_id: input.flairId,
          flair_text: input.flairText,
          nsfw: input.nsfw ? 'true' : undefined,
          spoiler: input.spoiler ? 'true' : undefined,
          resubmit: 'true',
          sendreplies: 'true',
        }),
      );
      const [first] = body.json.errors;
      if (first) {
        const code = String(first[0] ?? 'SUBMIT_ERROR');
        const message = String(first[1] ?? 'Reddit refused the post');
        throw new RedditSubmitError(
          code,
          message,
          code === 'RATELIMIT' ? rateLimitWaitMs(message) : undefined,
        );
      }
      return { id: body.json.data?.id, url: body.json.data?.url };
    },

    async findRecentPost(accessToken, { subreddit, author, title, since }) {
      const listing = listingSchema.parse(
        await api(1, accessToken, `/r/${sub(subreddit)}/new?limit=100&raw_json=1`),
      );
      const sinceSeconds = since.getTime() / 1000 - 60;
      const match = listing.data.children
        .map((child) => child.data)
        .find(
          (post) =>
            post.author?.toLowerCase() === author.toLowerCase() &&
            post.title === title &&
            (post.created_utc ?? 0) >= sinceSeconds,
        );
      if (!match) return null;
      return { id: match.id, url: `https://www.reddit.com${match.permalink ?? `/comments/${match.id}`}` };
    },

    async postStatus(accessToken, postId) {
      return (await postStatuses(accessToken, [postId])).get(postId) ?? null;
    },

    postStatuses,

    async comment(accessToken, { postId, text }) {
      const body = commentSchema.parse(
        await api(1, accessToken, '/api/comment', { api_type: 'json', thing_id: `t3_${postId}`, text }),
      );
      const [first] = body.json.errors;
      if (first) {
        const code = String(first[0] ?? 'COMMENT_ERROR');
        const message = String(first[1] ?? 'Reddit refused the comment');
        throw new RedditSubmitError(
          code,
          message,
          code === 'RATELIMIT' ? rateLimitWaitMs(message) : undefined,
        );
      }
      const made = body.json.data?.things[0]?.data;
      if (!made) throw new RedditApiError('Reddit accepted the comment without saying which', 502);
      return {
        id: made.id,
        url: `https://www.reddit.com${made.permalink ?? `/comments/${postId}/comment/${made.id}/`}`,
      };
    },

    async findComment(accessToken, { postId, author, text, since }) {
      // Priority 1 like the comment itself: it is how a comment is never posted twice.
      const answer = await api(
        1,
        accessToken,
        `/comments/${encodeURIComponent(postId)}?sort=new&limit=500&depth=1&raw_json=1`,
      );
      // Reddit answers [the post's listing, its comments' listing].
      const comments = commentListingSchema.parse(Array.isArray(answer) ? answer[1] : undefined);
      const sinceSeconds = since.getTime() / 1000 - 60;
      const match = comments.data.children
        .filter((child) => child.kind === 't1')
        .map((child) => child.data)
        .find(
          (comment) =>
            comment.author?.toLowerCase() === author.toLowerCase() &&
            sameText(comment.body ?? '', text) &&
            (comment.created_utc ?? 0) >= sinceSeconds,
        );
      if (!match?.id) return null;
      return {
        id: match.id,
        url: `https://www.reddit.com${match.permalink ?? `/comments/${postId}/comment/${match.id}/`}`,
      };
    },

    async subredditRules(accessToken, subreddit) {
      const body = rulesSchema.parse(await api(4, accessToken, `/r/${sub(subreddit)}/about/rules`));
      return body.rules.map((rule) => ({
        kind: rule.kind,
        shortName: rule.short_name ?? '',
        description: rule.description ?? '',
      }));
    },
  };
}
