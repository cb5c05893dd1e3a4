import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import { ApplicationToken } from './application-token.js';
import { RateGate, retryAfterMs } from './rate-gate.js';
import { RedditBudgetWaitError, rateHeaders, type RedditRateBudget } from './rate-budget.js';
import {
  type MissingReason,
  type RedditApi,
  RedditApiError,
  RedditRateLimitError,
  type SubredditAbout,
  type SubredditLookup,
  type SubredditRule,
} from './reddit-api.js';

export interface HttpRedditApiOptions {
  clientId: string;
  clientSecret: string;
  authBaseUrl: string;
  apiBaseUrl: string;
  userAgent: string;
  /** Least time between two calls; 1000 ms stays well inside Reddit's ~100 calls a minute. */
  minIntervalMs?: number;
  /** How many 429 answers in a row one call sits out before giving up. */
  maxRateLimitRetries?: number;
  /** A 429 asking for a longer pause than this fails at once (the job retries later). */
  maxRateLimitWaitMs?: number;
  /**
   * The longest the refresh sleeps for the server-wide allowance before failing (the job retries
   * later); by default a whole 10-minute window and a bit, so a busy window only slows it down.
   */
  maxBudgetWaitMs?: number;
  timeoutMs?: number;
  /**
   * The server-wide allowance (docs/decisions/038-reddit-rate-budget.md): every call here is a
   * community refresh or rules lookup (priority 4), the token grant priority 2.
   */
  budget?: RedditRateBudget;
}

const aboutSchema = z.object({
  kind: z.string(),
  data: z
    .object({
      display_name: z.string(),
      subscribers: z.number().int().nonnegative().nullish(),
      public_description: z.string().nullish(),
      over18: z.boolean().nullish(),
    })
    .optional(),
});

const rulesSchema = z.object({
  rules: z.array(
    z.object({
      short_name: z.string().nullish(),
      description: z.string().nullish(),
      kind: z.enum(['link', 'comment', 'all']).catch('all'),
    }),
  ),
});

const errorBodySchema = z.object({ reason: z.string().optional() }).catch({});

/** The adapter, when REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET are configured; otherwise undefined. */
export function redditApiFromConfig(
  config: AppConfig,
  budgetFor?: (clientId: string) => RedditRateBudget,
): RedditApi | undefined {
  const client = config.oauth.reddit;
  if (!client) return undefined;
  return createHttpRedditApi({
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    ...config.reddit,
    budget: budgetFor?.(client.clientId),
  });
}

export function createHttpRedditApi(options: HttpRedditApiOptions): RedditApi {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRateLimitRetries ?? 3;
  const maxWaitMs = options.maxRateLimitWaitMs ?? 5 * 60_000;
  const { budget } = options;
  const maxBudgetWaitMs = options.maxBudgetWaitMs ?? 11 * 60_000;
  const token = new ApplicationToken({ ...options, timeoutMs });
  const gate = new RateGate(options.minIntervalMs ?? 1000);

  /** A refresh waits for the shared allowance when the wait is short; a long one fails (the job retries later). */
  async function spendOrWait(signal?: AbortSignal) {
    if (!budget) return;
    for (;;) {
      const answer = await budget.spend(4);
      if (answer.go) return;
      const waitMs = answer.until.getTime() - Date.now();
      if (waitMs > maxBudgetWaitMs) throw new RedditBudgetWaitError(4, answer.until);
      await sleep(Math.max(0, waitMs), undefined, { signal });
    }
  }

  async function get(path: string, signal?: AbortSignal): Promise<Response> {
    let rateLimited = 0;
    let reauthorised = false;
    for (;;) {
      await gate.wait(signal);
      const bearer = await token.get(signal);
      await spendOrWait(signal);
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetch(`${options.apiBaseUrl}${path}`, {
        headers: {
          authorization: `Bearer ${bearer}`,
          'user-agent': options.userAgent,
          accept: 'application/json',
        },
        // Reddit answers an unknown community with a redirect to its search page.
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      }).catch((error: unknown) => {
        signal?.throwIfAborted();
        throw new RedditApiError(`GET ${path} failed: ${(error as Error).message}`);
      });
      // With the server-wide allowance the headers go there (its reserve keeps this refresh from
      // crowding out posting); without it this process paces itself by them.
      const seen = budget && rateHeaders(response.status, response.headers);
      if (seen) await budget.observe(seen).catch(() => undefined);
      else if (!budget) gate.observe(response.headers);
      if (response.status === 401 && !reauthorised) {
        reauthorised = true;
        token.invalidate();
        continue;
      }
      if (response.status !== 429) return response;
      await response.body?.cancel();
      const waitMs = retryAfterMs(response.headers) ?? 2 ** rateLimited * 1000;
      if (++rateLimited > maxRetries || waitMs > maxWaitMs) {
        throw new RedditRateLimitError(
          `Reddit rate limit on GET ${path}: retry in ${Math.ceil(waitMs / 1000)} s`,
          waitMs,
        );
      }
      gate.pause(waitMs);
    }
  }

  /** 2xx → parse; the answers Reddit gives for gone, banned, private or quarantined → missing. */
  async function lookup<T>(
    path: string,
    signal: AbortSignal | undefined,
    parse: (body: unknown) => T | undefined,
  ) {
    const response = await get(path, signal);
    const body: unknown = await response.json().catch(() => undefined);
    const missing = (reason: MissingReason): SubredditLookup<T> => ({ status: 'missing', reason });
    if (response.status >= 300 && response.status < 400) return missing('not_found');
    if (response.ok) {
      const value = parse(body);
      return value === undefined ? missing('not_found') : ({ status: 'found', value } as const);
    }
    const reason = errorBodySchema.parse(body).reason;
    if (response.status === 404) return missing(reason === 'banned' ? 'banned' : 'not_found');
    if (response.status === 403) {
      if (reason === 'private' || reason === 'gold_only') return missing('private');
      if (reason === 'quarantined') return missing('quarantined');
    }
    // A 403 without a reason is more likely a blocked client than a private community: never guess "missing".
    throw new RedditApiError(`GET ${path} answered ${response.status}`, response.status);
  }

  const subredditPath = (name: string) => `/r/${encodeURIComponent(name)}`;

  return {
    getSubredditAbout: (name, signal) =>
      lookup<SubredditAbout>(`${subredditPath(name)}/about?raw_json=1`, signal, (body) => {
        const parsed = aboutSchema.safeParse(body);
        if (!parsed.success) throw new RedditApiError(`r/${name}/about answered an unexpected shape`);
        // A listing instead of a t5 (subreddit) thing means there is no such community.
        if (parsed.data.kind !== 't5' || !parsed.data.data) return undefined;
        const data = parsed.data.data;
        return {
          name: data.display_name,
          subscribers: data.subscribers ?? null,
          publicDescription: data.public_description ?? '',
          over18: data.over18 ?? false,
        };
      }),
    getSubredditRules: (name, signal) =>
      lookup<SubredditRule[]>(`${subredditPath(name)}/about/rules?raw_json=1`, signal, (body) => {
        const parsed = rulesSchema.safeParse(body);
        if (!parsed.success) throw new RedditApiError(`r/${name}/about/rules answered an unexpected shape`);
        return parsed.data.rules.map((rule) => ({
          shortName: rule.short_name ?? '',
          description: rule.description ?? '',
          kind: rule.kind,
        }));
      }),
  };
}
