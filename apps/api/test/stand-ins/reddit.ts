import { randomBytes } from 'node:crypto';
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
}

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
  private readonly tokens = new Set<string>();
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

  /** Answers one route differently until reset(); later overrides win. */
  route(method: string, pattern: RegExp, handler: RouteHandler) {
    this.overrides.unshift({ method, pattern, handler });
  }

  reset() {
    this.subreddits.clear();
    this.unavailable.clear();
    this.apiRequests.length = this.rateLimited.length = this.overrides.length = 0;
    this.tokensIssued = 0;
    this.quota = undefined;
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
    const quotaHeaders: Record<string, string> = this.quota
      ? {
          'x-ratelimit-remaining': String(this.quota.remaining),
          'x-ratelimit-reset': String(this.quota.resetSeconds),
        }
      : {};
    const withQuota: Json = (status, body, headers = {}) =>
      json(status, body, { ...quotaHeaders, ...headers });
    for (const { method, pattern, handler } of [...this.overrides, ...this.routes]) {
      const match = request.method === method ? url.pathname.match(pattern) : null;
      if (match) return handler(match, request, withQuota);
    }
    return withQuota(404, { message: 'Not Found', error: 404 });
  }

  private token(request: IncomingMessage, body: string, json: Json) {
    const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    if (id !== this.clientId || secret !== this.clientSecret)
      return json(401, { message: 'Unauthorized', error: 401 });
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return json(400, { error: 'unsupported_grant_type' });
    }
    const token = randomBytes(16).toString('base64url');
    this.tokens.add(token);
    this.tokensIssued++;
    json(200, {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.tokenLifetimeSeconds,
      scope: '*',
    });
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
    const { rules: _rules, ...data } = this.subreddits.get(name.toLowerCase())!;
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
