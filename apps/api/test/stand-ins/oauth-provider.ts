import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as wire from './oauth-provider-dialects.js';

type IssuedCode = { redirectUri: string; challenge: string | null; profile: wire.StandInProfile };
type Json = (status: number, body: object) => void;

const random = () => randomBytes(16).toString('base64url');

/**
 * A real OAuth 2 authorization-code server on 127.0.0.1 speaking one provider's dialect: consent is
 * granted at once (or denied when `deny` is set), codes are single-use and bound to the redirect
 * URI and PKCE challenge. Tests set `profile`, `deny`, `failToken` and read what it was sent.
 */
export class OAuthProviderStandIn {
  profile: wire.StandInProfile = {
    id: 'provider-user-1',
    name: 'Test Creator',
    email: 'creator@example.com',
  };
  deny = false;
  failToken = false;
  readonly authorizeRequests: URLSearchParams[] = [];
  readonly tokenRequests: { form: URLSearchParams; clientAuth: 'basic' | 'body' }[] = [];
  /** Of the app's token and profile calls. */
  readonly userAgents: string[] = [];
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, wire.StandInProfile>();

  private constructor(
    readonly options: wire.StandInOptions,
    private readonly server: Server,
  ) {}

  static async start(options: wire.StandInOptions): Promise<OAuthProviderStandIn> {
    const server = createServer();
    const standIn = new OAuthProviderStandIn(options, server);
    server.on('request', (request, response) => {
      standIn.handle(request, response).catch(() => response.writeHead(500).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get baseUrl() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The environment that points the app's provider at this server. */
  env(): Record<string, string> {
    return wire.dialects[this.options.kind].env(this.baseUrl, this.options);
  }

  reset() {
    this.deny = this.failToken = false;
    this.authorizeRequests.length = this.tokenRequests.length = this.userAgents.length = 0;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const json: Json = (status, body) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    // The consent page is the browser's; the User-Agent rule is for the app's API calls.
    if (['/authorize', '/api/v1/authorize'].includes(url.pathname))
      return this.authorize(url.searchParams, response);
    const userAgent = request.headers['user-agent'] ?? '';
    this.userAgents.push(userAgent);
    if (this.options.requiredUserAgent && userAgent !== this.options.requiredUserAgent)
      return json(429, { message: 'Too Many Requests', error: 429 });
    if (['/token', '/api/v1/access_token'].includes(url.pathname) && request.method === 'POST') {
      return this.token(
        new URLSearchParams(await wire.readBody(request)),
        request.headers.authorization,
        json,
      );
    }
    if (['/userinfo', '/api/v1/me'].includes(url.pathname)) {
      const profile = this.tokens.get(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
      if (!profile) return json(401, { error: 'invalid_token' });
      return json(
        200,
        wire.dialects[this.options.kind].profile(profile, (url.searchParams.get('fields') ?? '').split(',')),
      );
    }
    return json(404, { error: 'not_found' });
  }

  private authorize(query: URLSearchParams, response: ServerResponse) {
    this.authorizeRequests.push(query);
    const redirectUri = query.get('redirect_uri');
    const challenge = query.get('code_challenge');
    const problem = [
      [query.get('response_type') !== 'code', 'response_type must be code'],
      [query.get('client_id') !== this.options.clientId, 'unknown client_id'],
      [redirectUri !== this.options.redirectUri, 'redirect_uri does not match the registered one'],
      [!query.get('state'), 'state is required'],
      [challenge && query.get('code_challenge_method') !== 'S256', 'only S256 challenges are accepted'],
    ].find(([failed]) => failed)?.[1] as string | undefined;
    if (problem) return response.writeHead(400, { 'content-type': 'text/plain' }).end(problem);

    const target = new URL(redirectUri!);
    target.searchParams.set('state', query.get('state')!);
    if (this.deny) target.searchParams.set('error', 'access_denied');
    else {
      const code = random();
      this.codes.set(code, { redirectUri: redirectUri!, challenge, profile: { ...this.profile } });
      target.searchParams.set('code', code);
    }
    response.writeHead(302, { location: target.toString() }).end();
  }

  private token(form: URLSearchParams, authorization: string | undefined, json: Json) {
    const basic = authorization?.startsWith('Basic ') ? wire.decodeBasic(authorization.slice(6)) : undefined;
    const clientAuth = basic ? 'basic' : 'body';
    this.tokenRequests.push({ form, clientAuth });
    const [clientId, clientSecret] = basic ?? [form.get('client_id'), form.get('client_secret')];
    const rule = wire.dialects[this.options.kind].clientAuth;
    if (
      (rule !== 'either' && rule !== clientAuth) ||
      clientId !== this.options.clientId ||
      clientSecret !== this.options.clientSecret
    ) {
      return json(401, { error: 'invalid_client' });
    }
    if (this.failToken) return json(500, { error: 'server_error' });
    const code = form.get('code') ?? '';
    const issued = this.codes.get(code);
    this.codes.delete(code);
    const pkceOk = !issued?.challenge || wire.s256(form.get('code_verifier') ?? '') === issued.challenge;
    const grantOk =
      form.get('grant_type') === 'authorization_code' && issued?.redirectUri === form.get('redirect_uri');
    if (!issued || !grantOk || !pkceOk) {
      return json(wire.dialects[this.options.kind].grantErrorStatus, { error: 'invalid_grant' });
    }
    const accessToken = random();
    this.tokens.set(accessToken, issued.profile);
    json(200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600, scope: 'granted' });
  }
}
