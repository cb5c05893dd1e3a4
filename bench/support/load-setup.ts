// Users, sessions and communities for the load bench, written straight into the database before the
// servers start (PGlite allows one process at a time); Reddit accounts are linked over HTTP afterwards,
// through the same OAuth flow a browser goes through, against the Reddit stand-in.
import type { DatabaseHandle } from '../../apps/api/src/db/client.js';
import { migrateDatabase } from '../../apps/api/src/db/migrate.js';
import { seedCommunities } from '../../apps/api/src/db/seed/seed-communities.js';
import {
  insertCommunity,
  uniqueToken,
} from '../../apps/api/src/modules/communities/communities.test-support.js';
import { createSession } from '../../apps/api/src/modules/auth/session.repo.js';
import { sessionCookieName } from '../../apps/api/src/modules/auth/session-token.js';
import { newUser } from '../../apps/api/test/factories/users.js';
import type { RedditStandIn } from '../../apps/api/test/stand-ins/reddit.js';
import { BrowserClient, browserConnections } from './browser-client.js';
import type { LoadUser } from './load-mix.js';

export interface PreparedUsers {
  sessions: { token: string; redditName: string }[];
  subreddits: string[];
}

/** Pro users (no daily AI limit, 50 GB storage) with a session each, and communities without posting limits. */
export async function prepareDatabase(
  database: DatabaseHandle,
  count: number,
  reddit: RedditStandIn,
): Promise<PreparedUsers> {
  await migrateDatabase(database);
  await seedCommunities(database);
  const subreddits: string[] = [];
  for (let n = 0; n < 8; n++) {
    const community = await insertCommunity(database.db, { name: `load_${uniqueToken()}` });
    reddit.addSubreddit(community.name, { allow_images: true });
    subreddits.push(community.name);
  }
  const sessions: PreparedUsers['sessions'] = [];
  for (let n = 0; n < count; n++) {
    const user = await newUser(database.db, { tier: 'pro' });
    const { token } = await createSession(database.db, user.id, 'load-bench/1.0');
    const redditName = `load_${uniqueToken()}`;
    reddit.addUser(redditName);
    sessions.push({ token, redditName });
  }
  return { sessions, subreddits };
}

/** Browser clients for the prepared users: CSRF token fetched and a Reddit account linked, both over HTTP. */
export async function signInUsers(
  baseUrl: string,
  prepared: PreparedUsers,
  reddit: RedditStandIn,
): Promise<LoadUser[]> {
  const users: LoadUser[] = [];
  for (const session of prepared.sessions) {
    const client = new BrowserClient(baseUrl, browserConnections());
    client.cookies.set(sessionCookieName, session.token);
    await client.fetchCsrfToken();
    await linkRedditAccount(client, reddit, session.redditName);
    users.push({ client, subreddits: prepared.subreddits, analyticsSession: `load-${uniqueToken()}` });
  }
  return users;
}

async function linkRedditAccount(client: BrowserClient, reddit: RedditStandIn, redditName: string) {
  const connect = await client.send('GET', '/api/reddit/connect?intent=account-link');
  if (connect.status !== 200)
    throw new Error(`GET /api/reddit/connect: HTTP ${connect.status} ${connect.body.slice(0, 300)}`);
  const back = reddit.approve((JSON.parse(connect.body) as { authUrl: string }).authUrl, redditName);
  const callback = await client.send('GET', `${back.pathname}${back.search}`);
  if (callback.status >= 400)
    throw new Error(`Reddit callback: HTTP ${callback.status} ${callback.body.slice(0, 300)}`);
  const accounts = await client.send('GET', '/api/reddit/accounts');
  if (!accounts.body.includes(redditName))
    throw new Error(`u/${redditName} was not linked: ${accounts.body.slice(0, 300)}`);
}
