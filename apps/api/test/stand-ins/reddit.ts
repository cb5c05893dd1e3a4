import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRule {
  short_name: string;
  description: string;
  kind: 'link' | 'comment' | 'all';
}

export interface StandInSubreddit {
  display_name: string;
  subscribers: number;
  public_description: string;
  over18: boolean;
  rules: StandInRule[];
  /** 'any', 'link' or 'self', like /about's submission_type. */
  submission_type?: string;
  allow_images?: boolean;
  /** What /api/v1/{sub}/post_requirements answers (Reddit's field names). */
  requirements?: Record<string, unknown>;
}

/** A Reddit user the stand-in knows, who can approve the app and post. */
export interface StandInUser {
  id: string;
  name: string;
  link_karma: number;
  comment_karma: number;
  created_utc: number;
}

/** A post made through /api/submit. */
export interface StandInPost {
  id: string;
  author: string;
  subreddit: string;
  title: string;
  kind: string;
  text: string | undefined;
  url: string | undefined;
  flair_id: string | undefined;
  over_18: boolean;
  spoiler: boolean;
  created_utc: number;
  removed_by_category: string | null;
  score: number;
}

/** A comment made through /api/comment. */
export interface StandInComment {
  id: string;
  author: string;
  /** The post it is under, without t3_. */
  postId: string;
  body: string;
  created_utc: number;
}

/** What the next /api/submit answers instead of posting (or, for 'hang', after posting). */
export type SubmitFailure =
  | { status: number; retryAfter?: number }
  | { errors: [string, string, string][] }
  /** Makes the post, then never answers (a sender that dies or times out mid-call). */
  | { hang: true }
  /** Drops the connection without making the post. */
  | { drop: true };

/** How the stand-in answers for a community Reddit will not show. */
export type Unavailable = 'banned' | 'private' | 'quarantined';

export interface ApiRequest {
  method: string;
  path: string;
  userAgent: string;
  at: number;
}

type Json = (status: number, body: object, headers?: Record<string, string>) => void;
export type RouteHandler = (
  match: RegExpMatchArray,
  request: IncomingMessage,
  json: Json,
) => void | Promise<void>;
type Route = { method: string; pattern: RegExp; handler: RouteHandler };

/**
 * A real HTTP server on 127.0.0.1 speaking the parts of Reddit's API the app uses: the
 * application-only token endpoint (Basic client auth, client_credentials, the configured
 * User-Agent) and bearer-authenticated API routes. Tests add communities, mark them banned or
 * private, queue 429 answers and read what was requested. New endpoints go into `routes`;
 * `route(method, pattern, handler)` overrides one answer for a test.
 */
export class RedditStandIn {
  readonly clientId = 'stand-in-client';
  readonly clientSecret = 'stand-in-secret';
  readonly userAgent = 'test:creator-studio:1.0 (by /u/creator-studio-tests)';
  readonly subreddits = new Map<string, StandInSubreddit>();
  readonly unavailable = new Map<string, Unavailable>();
  readonly apiRequests: ApiRequest[] = [];
  tokensIssued = 0;
  tokenLifetimeSeconds = 3600;
  /** Sent on every API answer when set, like Reddit's X-Ratelimit-* headers. */
  quota: { remaining: number; resetSeconds: number } | undefined;
  /**
   * Reddit's allowance when set: `requests` API calls per window of `windowSeconds` (the window
   * starts with its first call), X-Ratelimit-Used/-Remaining/-Reset on every API answer, and 429
   * past it. Unset: no limit and no headers. env() tells the server the same figures.
   */
  budget: { requests: number; windowSeconds: number } | undefined;
  /** 429 answers the budget gave (calls made past the allowance). */
  budgetRefusals = 0;
  private budgetWindow = { startedAt: 0, used: 0 };
  /** token → the user it acts for (undefined: an application-only token). */
  private readonly tokens = new Map<string, string | undefined>();
  readonly users = new Map<string, StandInUser>();
  /** Authorization codes handed out by approve(), each good once. */
  private readonly codes = new Map<string, { user: string; redirectUri: string }>();
  /** refresh token → user. */
  readonly refreshTokens = new Map<string, string>();
  refreshGrants = 0;
  readonly posts: StandInPost[] = [];
  submitCalls = 0;
  readonly submitFailures: SubmitFailure[] = [];
  readonly comments: StandInComment[] = [];
  commentCalls = 0;
  /** /api/info calls (outcome checks batch up to 100 posts into one). */
  infoCalls = 0;
  /** What the next /api/comment calls answer instead of commenting (or, for 'hang', after it). */
  readonly commentFailures: SubmitFailure[] = [];
  /** Upload leases handed out (key → mimetype) and the files posted to them. */
  private readonly leases = new Map<string, string>();
  readonly uploads = new Map<string, { bytes: number; mime: string; sha256: string; data: Buffer }>();
  /** Added to every /api/submit answer, to make sends take realistic time. */
  submitDelayMs = 0;
  private readonly rateLimited: { retryAfter?: number; reset?: number }[] = [];
  /** Overrides a test added (checked first, newest first); reset() removes them. */
  private readonly overrides: Route[] = [];
  private readonly routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/r\/(\w+)\/about$/,
      handler: (match, _request, json) => this.about(match[1]!, json),
    },
    {
      method: 'GET',
      pattern: /^\/r\/(\w+)\/about\/rules$/,
      handler: (match, _request, json) => this.rules(match[1]!, json),
    },
    { method: 'GET', pattern: /^\/api\/v1\/me$/, handler: (_m, request, json) => this.me(request, json) },
    {
      method: 'GET',
      pattern: /^\/api\/v1\/(\w+)\/post_requirements$/,
      handler: (match, _request, json) => this.requirements(match[1]!, json),
    },
    {
      method: 'POST',
      pattern: /^\/api\/media\/asset\.json$/,
      handler: (_m, request, json) => this.lease(request, json),
    },
    {
      method: 'POST',
      pattern: /^\/api\/submit$/,
      handler: (_m, request, json) => this.submit(request, json),
    },
    {
      method: 'GET',
      pattern: /^\/r\/(\w+)\/new$/,
      handler: (match, _request, json) => this.listing(match[1]!, json),
    },
    { method: 'GET', pattern: /^\/api\/info$/, handler: (_m, request, json) => this.info(request, json) },
    {
      method: 'POST',
      pattern: /^\/api\/comment$/,
      handler: (_m, request, json) => this.comment(request, json),
    },
    {
      method: 'GET',
      pattern: /^\/comments\/(\w+)$/,
      handler: (match, _request, json) => this.commentsOf(match[1]!, json),
    },
  ];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<RedditStandIn> {
    const server = createServer();
    const standIn = new RedditStandIn(server);
    server.on('request', (request, response) => {
      standIn.handle(request, response).catch(() => response.writeHead(500).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get baseUrl() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The environment that points the app's Reddit client at this server. */
  env(): Record<string, string> {
    return {
      REDDIT_CLIENT_ID: this.clientId,
      REDDIT_CLIENT_SECRET: this.clientSecret,
      REDDIT_AUTH_BASE_URL: this.baseUrl,
      REDDIT_API_BASE_URL: this.baseUrl,
      REDDIT_USER_AGENT: this.userAgent,
      // Without a budget the stand-in has no limit; a server allowance this large never holds a call back.
      REDDIT_RATE_BUDGET_REQUESTS: String(this.budget?.requests ?? 1_000_000),
      REDDIT_RATE_BUDGET_WINDOW_SECONDS: String(this.budget?.windowSeconds ?? 600),
    };
  }

  /** The adapter options for this server (fast pacing for tests). */
  clientOptions() {
    const { clientId, clientSecret, userAgent, baseUrl } = this;
    return { clientId, clientSecret, userAgent, authBaseUrl: baseUrl, apiBaseUrl: baseUrl, minIntervalMs: 0 };
  }

  addSubreddit(name: string, fields: Partial<StandInSubreddit> = {}): StandInSubreddit {
    const subreddit = {
      display_name: name,
      subscribers: 1000,
      public_description: `About r/${name}`,
      over18: true,
      rules: [],
      ...fields,
    };
    this.subreddits.set(name.toLowerCase(), subreddit);
    return subreddit;
  }

  /** The next `count` API calls answer 429 with these headers (seconds). */
  rateLimitNext(count: number, headers: { retryAfter?: number; reset?: number } = { retryAfter: 1 }) {
    for (let i = 0; i < count; i++) this.rateLimited.push(headers);
  }

  /** Every issued token stops working, as when Reddit revokes them. */
  revokeTokens() {
    this.tokens.clear();
  }

  /** Every access token a user holds stops working (their refresh token still does). */
  expireUserTokens() {
    for (const [token, user] of this.tokens) if (user) this.tokens.delete(token);
  }

  /** Answers one route differently until reset(); later overrides win. */
  route(method: string, pattern: RegExp, handler: RouteHandler) {
    this.overrides.unshift({ method, pattern, handler });
  }

  /** A Reddit user who can approve the app. */
  addUser(name: string, fields: Partial<StandInUser> = {}): StandInUser {
    const user = {
      id: fields.id ?? randomBytes(4).toString('hex'),
      name,
      link_karma: 500,
      comment_karma: 500,
      created_utc: Date.now() / 1000 - 400 * 86_400,
      ...fields,
    };
    this.users.set(name, user);
    return user;
  }

  /**
   * What Reddit's consent page does when `user` clicks Allow: checks the authorize URL the app built
   * and answers the redirect back to the app, with a one-time code and the app's state.
   */
  approve(authUrl: string, user: string): URL {
    const url = new URL(authUrl);
    const query = url.searchParams;
    if (url.pathname !== '/api/v1/authorize') throw new Error(`not an authorize URL: ${url.pathname}`);
    if (query.get('client_id') !== this.clientId) throw new Error('wrong client_id');
    if (query.get('response_type') !== 'code') throw new Error('response_type must be code');
    if (query.get('duration') !== 'permanent') throw new Error('duration must be permanent');
    if (!this.users.has(user)) throw new Error(`unknown user ${user}`);
    const code = randomBytes(12).toString('base64url');
    const redirectUri = query.get('redirect_uri') ?? '';
    this.codes.set(code, { user, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state') ?? '');
    back.searchParams.set('code', code);
    return back;
  }

  /** Removes the answers route() added, keeping everything else. */
  clearRoutes() {
    this.overrides.length = 0;
  }

  reset() {
    this.users.clear();
    this.codes.clear();
    this.refreshTokens.clear();
    this.posts.length = this.submitFailures.length = 0;
    this.comments.length = this.commentFailures.length = this.commentCalls = 0;
    this.leases.clear();
    this.uploads.clear();
    this.submitCalls = this.refreshGrants = this.submitDelayMs = this.infoCalls = 0;
    this.subreddits.clear();
    this.unavailable.clear();
    this.apiRequests.length = this.rateLimited.length = this.overrides.length = 0;
    this.tokensIssued = 0;
    this.quota = undefined;
    this.budget = undefined;
    this.budgetRefusals = 0;
    this.budgetWindow = { startedAt: 0, used: 0 };
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const json: Json = (status, body, headers = {}) =>
      response
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(body));
    const userAgent = request.headers['user-agent'] ?? '';
    // Reddit throttles generic user agents hard; the stand-in refuses anything but the configured one.
    if (userAgent !== this.userAgent) return json(429, { message: 'Too Many Requests', error: 429 });
    if (url.pathname === '/api/v1/access_token' && request.method === 'POST') {
      return this.token(request, await readBody(request), json);
    }
    if (url.pathname === '/api/v1/revoke_token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      this.refreshTokens.delete(form.get('token') ?? '');
      return response.writeHead(204).end();
    }
    // The S3-style upload target of a media lease: no bearer token, the lease's fields instead.
    if (url.pathname === '/media-upload' && request.method === 'POST') return this.upload(request, response);

    this.apiRequests.push({ method: request.method ?? 'GET', path: url.pathname, userAgent, at: Date.now() });
    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (!bearer || !this.tokens.has(bearer)) return json(401, { message: 'Unauthorized', error: 401 });
    const limited = this.rateLimited.shift();
    if (limited) {
      const headers: Record<string, string> = {};
      if (limited.retryAfter !== undefined) headers['retry-after'] = String(limited.retryAfter);
      if (limited.reset !== undefined) {
        Object.assign(headers, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(limited.reset) });
      }
      return json(429, { message: 'Too Many Requests', error: 429 }, headers);
    }
    const budgetHeaders = this.spendBudget();
    if (budgetHeaders?.refused) {
      this.budgetRefusals++;
      return json(429, { message: 'Too Many Requests', error: 429 }, budgetHeaders.headers);
    }
    const quotaHeaders: Record<string, string> = this.quota
      ? {
          'x-ratelimit-remaining': String(this.quota.remaining),
          'x-ratelimit-reset': String(this.quota.resetSeconds),
        }
      : (budgetHeaders?.headers ?? {});
    const withQuota: Json = (status, body, headers = {}) =>
      json(status, body, { ...quotaHeaders, ...headers });
    for (const { method, pattern, handler } of [...this.overrides, ...this.routes]) {
      const match = request.method === method ? url.pathname.match(pattern) : null;
      if (match) return handler(match, request, withQuota);
    }
    return withQuota(404, { message: 'Not Found', error: 404 });
  }

  /** Counts one API call against the budget: its headers, and whether it is past the allowance. */
  private spendBudget(): { headers: Record<string, string>; refused: boolean } | undefined {
    if (!this.budget) return undefined;
    const { requests, windowSeconds } = this.budget;
    const now = Date.now();
    const length = windowSeconds * 1000;
    if (now >= this.budgetWindow.startedAt + length) this.budgetWindow = { startedAt: now, used: 0 };
    const refused = this.budgetWindow.used >= requests;
    if (!refused) this.budgetWindow.used++;
    const { used } = this.budgetWindow;
    const reset = Math.max(1, Math.ceil((this.budgetWindow.startedAt + length - now) / 1000));
    return {
      refused,
      headers: {
        'x-ratelimit-used': String(used),
        'x-ratelimit-remaining': `${requests - used}.0`,
        'x-ratelimit-reset': String(reset),
      },
    };
  }

  private token(request: IncomingMessage, body: string, json: Json) {
    const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    if (id !== this.clientId || secret !== this.clientSecret)
      return json(401, { message: 'Unauthorized', error: 401 });
    const form = new URLSearchParams(body);
    const grant = form.get('grant_type');
    let user: string | undefined;
    let refreshToken: string | undefined;
    if (grant === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      // Reddit answers a used or unknown code with 200 and an error field.
      if (!code || code.redirectUri !== form.get('redirect_uri'))
        return json(200, { error: 'invalid_grant' });
      this.codes.delete(form.get('code')!);
      user = code.user;
      refreshToken = randomBytes(16).toString('base64url');
      this.refreshTokens.set(refreshToken, user);
    } else if (grant === 'refresh_token') {
      user = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!user) return json(400, { error: 'invalid_grant' });
      this.refreshGrants++;
    } else if (grant !== 'client_credentials') {
      return json(400, { error: 'unsupported_grant_type' });
    }
    const token = randomBytes(16).toString('base64url');
    this.tokens.set(token, user);
    this.tokensIssued++;
    json(200, {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.tokenLifetimeSeconds,
      scope: user ? 'identity submit read' : '*',
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    });
  }

  private userOf(request: IncomingMessage): StandInUser | undefined {
    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
    const name = this.tokens.get(bearer);
    return name ? this.users.get(name) : undefined;
  }

  private me(request: IncomingMessage, json: Json) {
    const user = this.userOf(request);
    if (!user) return json(403, { message: 'Forbidden', error: 403 });
    json(200, user);
  }

  private requirements(name: string, json: Json) {
    if (this.unavailableAnswer(name, json)) return;
    json(200, {
      title_regexes: [],
      title_required_strings: [],
      title_blacklisted_strings: [],
      body_restriction_policy: 'none',
      domain_blacklist: [],
      is_flair_required: false,
      ...this.subreddits.get(name.toLowerCase())!.requirements,
    });
  }

  private async lease(request: IncomingMessage, json: Json) {
    if (!this.userOf(request)) return json(403, { message: 'Forbidden', error: 403 });
    const form = new URLSearchParams(await readBody(request));
    const filepath = form.get('filepath');
    const mimetype = form.get('mimetype');
    if (!filepath || !mimetype) return json(400, { message: 'filepath and mimetype required', error: 400 });
    const key = `rte_images/${randomBytes(6).toString('hex')}/${filepath}`;
    this.leases.set(key, mimetype);
    const host = new URL(this.baseUrl).host;
    json(200, {
      args: {
        action: `//${host}/media-upload`,
        fields: [
          { name: 'acl', value: 'private' },
          { name: 'key', value: key },
          { name: 'Content-Type', value: mimetype },
          { name: 'x-amz-signature', value: randomBytes(8).toString('hex') },
        ],
      },
      asset: { asset_id: randomBytes(6).toString('hex'), websocket_url: `wss://${host}/ws` },
    });
  }

  /** The S3 form POST: the lease's fields, then the file; 201 with an XML Location like S3. */
  private async upload(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Request('http://upload.invalid', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    })
      .formData()
      .catch(() => null);
    const key = form?.get('key');
    const file = form?.get('file');
    if (typeof key !== 'string' || !this.leases.has(key) || !(file instanceof Blob) || file.size === 0) {
      return response
        .writeHead(400, { 'content-type': 'application/xml' })
        .end('<Error><Code>InvalidArgument</Code></Error>');
    }
    const data = Buffer.from(await file.arrayBuffer());
    const sha256 = createHash('sha256').update(data).digest('hex');
    this.uploads.set(key, { bytes: file.size, mime: this.leases.get(key)!, sha256, data });
    response
      .writeHead(201, { 'content-type': 'application/xml' })
      .end(
        `<PostResponse><Location>${this.baseUrl}/media-upload/${key}</Location><Key>${key}</Key></PostResponse>`,
      );
  }

  private async submit(request: IncomingMessage, json: Json) {
    const user = this.userOf(request);
    if (!user) return json(403, { message: 'Forbidden', error: 403 });
    const form = new URLSearchParams(await readBody(request));
    this.submitCalls++;
    if (this.submitDelayMs) await new Promise((resolve) => setTimeout(resolve, this.submitDelayMs));
    const failure = this.submitFailures.shift();
    if (failure && 'status' in failure) {
      const headers: Record<string, string> =
        failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {};
      return json(
        failure.status,
        {
          message: failure.status === 429 ? 'Too Many Requests' : 'Internal Server Error',
          error: failure.status,
        },
        headers,
      );
    }
    if (failure && 'errors' in failure) return json(200, { json: { errors: failure.errors } });
    if (failure && 'drop' in failure) {
      request.socket.destroy();
      return;
    }
    const sr = form.get('sr') ?? '';
    if (!this.subreddits.has(sr.toLowerCase())) {
      return json(200, { json: { errors: [['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']] } });
    }
    const kind = form.get('kind') ?? '';
    const url = form.get('url') ?? undefined;
    if (kind === 'image') {
      const key = url?.split('/media-upload/')[1];
      if (!key || !this.uploads.has(key))
        return json(200, { json: { errors: [['BAD_URL', 'the image was not uploaded', 'url']] } });
    } else if (kind !== 'self') {
      return json(200, { json: { errors: [['INVALID_OPTION', 'unknown kind', 'kind']] } });
    }
    const post: StandInPost = {
      id: randomBytes(4).toString('hex'),
      author: user.name,
      subreddit: this.subreddits.get(sr.toLowerCase())!.display_name,
      title: form.get('title') ?? '',
      kind,
      text: form.get('text') ?? undefined,
      url,
      flair_id: form.get('flair_id') ?? undefined,
      over_18: form.get('nsfw') === 'true',
      spoiler: form.get('spoiler') === 'true',
      created_utc: Date.now() / 1000,
      removed_by_category: null,
      score: 1,
    };
    this.posts.push(post);
    if (failure && 'hang' in failure) return;
    if (kind === 'image') {
      // Like Reddit: media posts are finished asynchronously; only a websocket to listen on comes back.
      return json(200, {
        json: {
          errors: [],
          data: {
            user_submitted_page: `https://www.reddit.com/user/${user.name}/submitted/`,
            websocket_url: 'wss://stand-in/ws',
          },
        },
      });
    }
    json(200, {
      json: { errors: [], data: { id: post.id, name: `t3_${post.id}`, url: this.permalink(post) } },
    });
  }

  /** Like Reddit's /api/comment (api_type=json): the comment under thing_id t3_<post>, as the token's user. */
  private async comment(request: IncomingMessage, json: Json) {
    const user = this.userOf(request);
    if (!user) return json(403, { message: 'Forbidden', error: 403 });
    const form = new URLSearchParams(await readBody(request));
    this.commentCalls++;
    const failure = this.commentFailures.shift();
    if (failure && 'status' in failure) {
      const headers: Record<string, string> =
        failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {};
      return json(failure.status, { message: 'Internal Server Error', error: failure.status }, headers);
    }
    if (failure && 'errors' in failure) return json(200, { json: { errors: failure.errors } });
    if (failure && 'drop' in failure) {
      request.socket.destroy();
      return;
    }
    const postId = (form.get('thing_id') ?? '').replace(/^t3_/, '');
    const post = this.posts.find((candidate) => candidate.id === postId);
    if (!post || post.removed_by_category) {
      return json(200, {
        json: { errors: [['DELETED_LINK', 'the link you are commenting on has been deleted', 'parent']] },
      });
    }
    const comment: StandInComment = {
      id: randomBytes(4).toString('hex'),
      author: user.name,
      postId,
      body: form.get('text') ?? '',
      created_utc: Date.now() / 1000,
    };
    this.comments.push(comment);
    if (failure && 'hang' in failure) return;
    json(200, {
      json: {
        errors: [],
        data: {
          things: [
            {
              kind: 't1',
              data: { ...comment, name: `t1_${comment.id}`, permalink: this.commentPath(post, comment) },
            },
          ],
        },
      },
    });
  }

  private commentPath(post: StandInPost, comment: StandInComment) {
    return `/r/${post.subreddit}/comments/${post.id}/comment/${comment.id}/`;
  }

  commentUrl(comment: StandInComment) {
    const post = this.posts.find((candidate) => candidate.id === comment.postId)!;
    return `https://www.reddit.com${this.commentPath(post, comment)}`;
  }

  /** GET /comments/{post}: [the post, its comments newest first], as Reddit answers. */
  private commentsOf(postId: string, json: Json) {
    const post = this.posts.find((candidate) => candidate.id === postId);
    if (!post) return json(404, { message: 'Not Found', error: 404 });
    const comments = this.comments
      .filter((comment) => comment.postId === postId)
      .reverse()
      .map((comment) => ({
        kind: 't1',
        data: { ...comment, name: `t1_${comment.id}`, permalink: this.commentPath(post, comment) },
      }));
    json(200, [
      this.listingOf([post]),
      { kind: 'Listing', data: { children: comments } },
    ] as unknown as object);
  }

  permalink(post: StandInPost) {
    return `https://www.reddit.com/r/${post.subreddit}/comments/${post.id}/`;
  }

  private listingOf(posts: StandInPost[]) {
    return {
      kind: 'Listing',
      data: {
        children: posts.map((post) => ({
          kind: 't3',
          data: {
            ...post,
            name: `t3_${post.id}`,
            permalink: `/r/${post.subreddit}/comments/${post.id}/`,
            num_comments: 0,
            upvote_ratio: 0.97,
          },
        })),
      },
    };
  }

  private listing(name: string, json: Json) {
    if (this.unavailableAnswer(name, json)) return;
    const posts = this.posts.filter(
      (post) => post.subreddit.toLowerCase() === name.toLowerCase() && !post.removed_by_category,
    );
    json(200, this.listingOf(posts.reverse().slice(0, 100)));
  }

  private info(request: IncomingMessage, json: Json) {
    this.infoCalls++;
    const ids = (new URL(request.url ?? '/', this.baseUrl).searchParams.get('id') ?? '').split(',');
    json(200, this.listingOf(this.posts.filter((post) => ids.includes(`t3_${post.id}`))));
  }

  /** Answers the way Reddit does for banned (404), private and quarantined (403) or unknown names. */
  private unavailableAnswer(name: string, json: Json): boolean {
    const state = this.unavailable.get(name.toLowerCase());
    if (state === 'banned') json(404, { reason: 'banned', message: 'Not Found', error: 404 });
    else if (state) json(403, { reason: state, message: 'Forbidden', error: 403 });
    else if (!this.subreddits.has(name.toLowerCase())) json(404, { message: 'Not Found', error: 404 });
    else return false;
    return true;
  }

  private about(name: string, json: Json) {
    if (this.unavailableAnswer(name, json)) return;
    const { rules: _rules, requirements: _requirements, ...data } = this.subreddits.get(name.toLowerCase())!;
    json(200, { kind: 't5', data });
  }

  private rules(name: string, json: Json) {
    if (this.unavailableAnswer(name, json)) return;
    const { rules } = this.subreddits.get(name.toLowerCase())!;
    json(200, {
      rules: rules.map((rule, priority) => ({ ...rule, priority, violation_reason: rule.short_name })),
      site_rules: [],
    });
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
