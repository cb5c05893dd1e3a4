import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { RedditStandIn } from '../../../test/stand-ins/reddit.js';
import type { TestClient } from '../../../test/test-client.js';

/** The environment that points linking and posting at the stand-in (tests reach the app by inject). */
export const redditEnv = (reddit: RedditStandIn): Record<string, string> => ({
  ...reddit.env(),
  PUBLIC_URL: 'http://localhost:3000',
});

/** The whole link flow as a browser goes through it: connect → Reddit's consent → our callback. */
export async function connectAccount(client: TestClient, reddit: RedditStandIn, username: string) {
  if (!reddit.users.has(username)) reddit.addUser(username);
  const connect = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=account-link' });
  expect(connect.statusCode, connect.body).toBe(200);
  const back = reddit.approve(connect.json<{ authUrl: string }>().authUrl, username);
  const callback = await client.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  return callback;
}

export async function linkedAccountId(client: TestClient, username: string): Promise<string> {
  const list = await client.inject({ method: 'GET', url: '/api/reddit/accounts' });
  const account = list
    .json<{ accounts: { id: string; username: string }[] }>()
    .accounts.find((a) => a.username === username);
  if (!account) throw new Error(`u/${username} is not linked`);
  return account.id;
}

export type { FastifyInstance };
