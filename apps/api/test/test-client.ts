import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/client.js';
import type { UserRow } from '../src/db/schema/index.js';
import { createSession } from '../src/modules/auth/session.repo.js';
import { sessionCookieName } from '../src/modules/auth/session-token.js';

/**
 * Talks to the app like a browser does: keeps cookies, fetches a CSRF token once and sends it
 * on state-changing calls.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetchCsrfToken(): Promise<string> {
    const response = await this.inject({ method: 'GET', url: '/api/csrf-token' }, { csrf: false });
    this.csrfToken = response.json<{ csrfToken: string }>().csrfToken;
    return this.csrfToken;
  }

  async inject(options: InjectOptions, { csrf = true } = {}): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (csrf && !['GET', 'HEAD', 'OPTIONS'].includes(method)) {
      headers['x-csrf-token'] = this.csrfToken ?? (await this.fetchCsrfToken());
      headers.cookie = this.cookieHeader();
    }
    const response = await this.app.inject({ ...options, headers });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() <= Date.now())) {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
    return response;
  }
}

/** A client already signed in as the user, through a real session row. */
export async function signedInClient(app: FastifyInstance, db: Database, user: UserRow) {
  const client = new TestClient(app);
  const { token } = await createSession(db, user.id);
  client.setCookie(sessionCookieName, token);
  return client;
}
