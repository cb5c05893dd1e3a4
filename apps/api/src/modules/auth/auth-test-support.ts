// Helpers for the account tests (not a test file itself).
import { randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../../db/client.js';
import type { NewUserRow } from '../../db/schema/index.js';
import { newUser } from '../../../test/factories/users.js';
import { TestClient } from '../../../test/test-client.js';
import { hashPassword } from './password-hash.js';

export const knownPassword = 'Known-pass1';

/**
 * A browser-like client with an address of its own: login failures are also counted per IP, so
 * clients sharing 127.0.0.1 would throttle each other across tests.
 */
export class AddressedClient extends TestClient {
  readonly ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  override inject(options: InjectOptions, flags?: { csrf?: boolean }) {
    return super.inject({ remoteAddress: this.ip, ...options }, flags);
  }
}

/** A verified account whose password is `knownPassword` unless told otherwise. */
export async function createAccount(
  db: Database,
  overrides: Partial<NewUserRow> & { password?: string } = {},
) {
  const { password = knownPassword, ...rest } = overrides;
  return newUser(db, { passwordHash: await hashPassword(password), ...rest });
}

export function login(client: TestClient, username: string, password = knownPassword) {
  return client.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
}

/** A client signed in through the real login call; also returns the login answer. */
export async function loggedInClient(app: FastifyInstance, username: string, password = knownPassword) {
  const client = new AddressedClient(app);
  const response = await login(client, username, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { client, body: response.json<{ accessToken: string; expiresAt: string }>() };
}
