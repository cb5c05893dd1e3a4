// Two real server processes on one PostgreSQL database behind a round-robin proxy, as a deployment
// with two instances runs: whatever one process stores or counts, the other must see. Runs only
// with TEST_DATABASE_URL (PGlite belongs to one process).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { aiErrorCodes } from '@app/shared/ai';
import { errorCodes } from '@app/shared/errors';
import { BrowserClient, browserConnections } from '../../../../bench/support/browser-client.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../../bench/support/round-robin-proxy.js';
import { freePort, ServerProcess, serverEnv } from '../../../../bench/support/server-process.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { loginAttempts } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/modules/auth/password-hash.js';
import { maxLoginFailures } from '../../src/modules/auth/login-throttle.js';
import { newCommunity } from '../factories/communities.js';
import { uniqueToken } from '../../src/modules/communities/communities.test-support.js';
import type {} from '../db/provided-context.js';
import { createDatabase, databaseUrlFor, dropDatabase, withAdminClient } from '../db/postgres-admin.js';
import { newUser } from '../factories/users.js';
import { RedditStandIn } from '../stand-ins/reddit.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const analyticsPerSession = 3;
const password = 'correct horse battery staple 42';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!baseUrl)
  console.log(
    'two-processes.test.ts skipped: set TEST_DATABASE_URL to run two server processes on one PostgreSQL.',
  );

describe.skipIf(!baseUrl)(
  'two server processes on one PostgreSQL database (skipped without TEST_DATABASE_URL)',
  () => {
    const agent = browserConnections();
    let reddit: RedditStandIn;
    let proxy: RoundRobinProxy;
    let servers: ServerProcess[] = [];
    let database: DatabaseHandle;
    let databaseName: string;
    let dataDir: string;
    let first: string;
    let second: string;

    beforeAll(async () => {
      const template = inject('postgresTemplate');
      if (!template) throw new Error('TEST_DATABASE_URL was not set when the test run started');
      databaseName = `t_${template.runId}_two_${randomBytes(3).toString('hex')}`;
      await withAdminClient(baseUrl!, (client) => createDatabase(client, databaseName, template.database));
      const databaseUrl = databaseUrlFor(baseUrl!, databaseName);
      database = await openDatabase({ databaseUrl });
      reddit = await RedditStandIn.start();
      dataDir = await mkdtemp(path.join(tmpdir(), 'two-processes-'));
      const ports = [await freePort(), await freePort()];
      proxy = await startRoundRobinProxy(ports);
      servers = ports.map(
        (port) =>
          new ServerProcess(
            port,
            serverEnv(port, dataDir, {
              ...reddit.env(),
              DATABASE_URL: databaseUrl,
              PUBLIC_URL: proxy.url,
              ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_SESSION: String(analyticsPerSession),
            }),
          ),
      );
      for (const server of servers) await server.start();
      [first, second] = servers.map((server) => server.url) as [string, string];
    }, 120_000);

    afterAll(async () => {
      for (const server of servers) await server.stop('SIGTERM');
      await proxy?.close();
      await reddit?.close();
      await agent.close();
      await database?.close();
      if (databaseName) await withAdminClient(baseUrl!, (client) => dropDatabase(client, databaseName));
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    async function userWithPassword() {
      return newUser(database.db, { passwordHash: await hashPassword(password) });
    }

    it('the proxy spreads requests over both processes', async () => {
      const before = [...proxy.served];
      const browser = new BrowserClient(proxy.url, agent);
      for (let n = 0; n < 4; n++) expect((await browser.send('GET', '/readyz')).status).toBe(200);
      expect(proxy.served.map((count, index) => count - before[index]!)).toEqual([2, 2]);
    });

    it('a session made by logging in on one process works on the other, and logging out there ends it on both', async () => {
      const user = await userWithPassword();
      const onFirst = new BrowserClient(first, agent);
      const login = await onFirst.send('POST', '/api/auth/login', {
        json: { username: user.username, password },
      });
      expect(login.status, login.body).toBe(200);
      const onSecond = onFirst.at(second);
      const me = await onSecond.send('GET', '/api/auth/user');
      expect(me.status, me.body).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject({ username: user.username });

      // The old cookie, replayed on the first process after logging out on the second, signs nobody in.
      const sid = onFirst.cookies.get('sid')!;
      expect((await onSecond.send('POST', '/api/auth/logout')).status).toBe(204);
      onFirst.cookies.set('sid', sid);
      const after = await onFirst.send('GET', '/api/auth/user');
      expect(after.status).toBe(200);
      expect(after.body).toBe('null');
    });

    it('a CSRF token issued by one process is accepted by the other; a wrong one is refused there', async () => {
      const user = await userWithPassword();
      const onFirst = new BrowserClient(first, agent);
      await onFirst.fetchCsrfToken();
      const login = await onFirst
        .at(second)
        .send('POST', '/api/auth/login', { json: { username: user.username, password } });
      expect(login.status, login.body).toBe(200);

      const forged = await onFirst.at(second).send('POST', '/api/ai/generate', {
        json: { prompt: 'a sunny day' },
        headers: { 'x-csrf-token': `${onFirst.token}x` },
      });
      expect(forged.status).toBe(403);
      expect(JSON.parse(forged.body)).toMatchObject({ code: errorCodes.csrf });
    });

    it('the analytics rate limit of a session is shared by both processes', async () => {
      // Four batches must land in one minute window (the limit counts per wall-clock minute).
      if (Date.now() % 60_000 > 50_000) await sleep(60_000 - (Date.now() % 60_000) + 200);
      const browser = new BrowserClient(proxy.url, agent);
      const sessionId = `two-${uniqueToken()}`;
      const statuses: number[] = [];
      for (let n = 0; n <= analyticsPerSession; n++) {
        const event = {
          id: `${sessionId}-${n}`,
          sessionId,
          type: 'page_view',
          timestamp: new Date().toISOString(),
          page: '/dashboard',
          eventType: 'navigation',
          referrer: null,
          data: { title: 'Dashboard' },
        };
        statuses.push(
          (await browser.send('POST', '/api/analytics/events', { json: { events: [event] } })).status,
        );
      }
      expect(statuses).toEqual([...Array<number>(analyticsPerSession).fill(200), 429]);
    });

    it("a free user's daily AI generations are counted once across both processes", async () => {
      const user = await userWithPassword();
      const browser = new BrowserClient(proxy.url, agent);
      expect(
        (await browser.send('POST', '/api/auth/login', { json: { username: user.username, password } }))
          .status,
      ).toBe(200);
      const statuses: number[] = [];
      let refusal = '';
      for (let n = 0; n < 6; n++) {
        const answer = await browser.send('POST', '/api/ai/generate', {
          json: { prompt: `beach day number ${n}`, platforms: ['reddit'] },
        });
        statuses.push(answer.status);
        if (answer.status !== 200) refusal = answer.body;
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(JSON.parse(refusal)).toMatchObject({ code: aiErrorCodes.quotaExceeded });
      const quota = await browser.send('GET', '/api/ai/quota');
      expect(JSON.parse(quota.body)).toMatchObject({ used: 5, limit: 5, remaining: 0 });
    });

    it('posts due now, scheduled through either process, reach Reddit exactly once each', async () => {
      const user = await userWithPassword();
      const community = await newCommunity(database.db);
      reddit.addSubreddit(community.name);
      const redditName = `u_${uniqueToken()}`;
      reddit.addUser(redditName);
      const onFirst = new BrowserClient(first, agent);
      expect(
        (await onFirst.send('POST', '/api/auth/login', { json: { username: user.username, password } }))
          .status,
      ).toBe(200);
      // Linking starts on one process and Reddit sends the browser back to the other.
      const connect = await onFirst.send('GET', '/api/reddit/connect?intent=account-link');
      expect(connect.status, connect.body).toBe(200);
      const back = reddit.approve((JSON.parse(connect.body) as { authUrl: string }).authUrl, redditName);
      const callback = await onFirst.at(second).send('GET', `${back.pathname}${back.search}`);
      expect(callback.headers.location).not.toContain('error');

      const titles = Array.from({ length: 4 }, (_, n) => `Two processes ${uniqueToken()} #${n}`);
      for (const [n, title] of titles.entries()) {
        const answer = await onFirst
          .at(n % 2 ? second : first)
          .send('POST', '/api/posts/schedule', { json: { subreddit: community.name, title, timing: 'now' } });
        expect(answer.status, answer.body).toBe(201);
      }
      const sent = async () => {
        const list = JSON.parse((await onFirst.send('GET', '/api/posts/scheduled')).body) as {
          titleFinal: string;
          status: string;
        }[];
        return list.filter((post) => titles.includes(post.titleFinal) && post.status === 'sent').length;
      };
      const deadline = Date.now() + 30_000;
      while ((await sent()) < titles.length && Date.now() < deadline) await sleep(250);
      expect(await sent()).toBe(titles.length);
      // Both senders had time to pick the same posts up again, had they been able to.
      await sleep(3_000);
      expect(titles.map((title) => reddit.posts.filter((post) => post.title === title).length)).toEqual([
        1, 1, 1, 1,
      ]);
    }, 60_000);

    it('first comments of posts scheduled through either process are posted exactly once each', async () => {
      const user = await userWithPassword();
      const community = await newCommunity(database.db);
      reddit.addSubreddit(community.name);
      const redditName = `c_${uniqueToken()}`;
      reddit.addUser(redditName);
      const browser = new BrowserClient(first, agent);
      expect(
        (await browser.send('POST', '/api/auth/login', { json: { username: user.username, password } }))
          .status,
      ).toBe(200);
      const connect = await browser.send('GET', '/api/reddit/connect?intent=account-link');
      const back = reddit.approve((JSON.parse(connect.body) as { authUrl: string }).authUrl, redditName);
      expect(
        (await browser.at(second).send('GET', `${back.pathname}${back.search}`)).headers.location,
      ).not.toContain('error');
      const titles = Array.from({ length: 4 }, (_, n) => `With comment ${uniqueToken()} #${n}`);
      for (const [n, title] of titles.entries()) {
        const answer = await browser.at(n % 2 ? second : first).send('POST', '/api/posts/schedule', {
          json: {
            subreddit: community.name,
            title,
            timing: 'now',
            firstComment: `Comment for ${title}`,
            firstCommentDelayMinutes: 0,
          },
        });
        expect(answer.status, answer.body).toBe(201);
      }
      const commented = async () => {
        const list = JSON.parse((await browser.send('GET', '/api/posts/scheduled')).body) as {
          titleFinal: string;
          firstComment: { status: string } | null;
        }[];
        return list.filter((post) => titles.includes(post.titleFinal) && post.firstComment?.status === 'sent')
          .length;
      };
      const deadline = Date.now() + 30_000;
      while ((await commented()) < titles.length && Date.now() < deadline) await sleep(250);
      expect(await commented()).toBe(titles.length);
      await sleep(3_000);
      const posts = reddit.posts.filter((post) => titles.includes(post.title));
      expect(posts.map((post) => reddit.comments.filter((c) => c.postId === post.id).length)).toEqual([
        1, 1, 1, 1,
      ]);
    }, 60_000);

    // Last: five failures lock the test's address (127.0.0.1) out of logging in for 15 minutes.
    it('failed logins count against one limit whichever process answers', async () => {
      const user = await userWithPassword();
      const browser = new BrowserClient(proxy.url, agent);
      for (let n = 0; n < maxLoginFailures; n++) {
        const wrong = await browser.send('POST', '/api/auth/login', {
          json: { username: user.username, password: 'not the password 1' },
        });
        expect(wrong.status, wrong.body).toBe(401);
      }
      const locked = await browser.send('POST', '/api/auth/login', {
        json: { username: user.username, password },
      });
      expect(locked.status, locked.body).toBe(429);
      expect(JSON.parse(locked.body)).toMatchObject({ code: errorCodes.rateLimited });
    });

    it('30 guesses at once, spread over both processes, get at most 5 password checks (issue 20, finding 4)', async () => {
      const user = await userWithPassword();
      // Every request here comes from one address; the test before this one used up its failures.
      await database.db.delete(loginAttempts);
      const guesses = await Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          // One browser each: separate CSRF secrets and connections, as parallel attackers have.
          const browser = new BrowserClient(proxy.url, agent);
          return browser.send('POST', '/api/auth/login', {
            json: { username: user.username, password: `not the password ${index}A` },
          });
        }),
      );
      const statuses = guesses.map((guess) => guess.status);
      // A 401 means the password was checked; every other guess was refused before that.
      const checked = statuses.filter((status) => status === 401).length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(maxLoginFailures);
      expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
        30 - maxLoginFailures,
      );
    });
  },
);
