import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSession } from '../../src/modules/auth/session.repo.js';
import { sessionCookieName } from '../../src/modules/auth/session-token.js';
import { redditEnv } from '../../src/modules/reddit/reddit.test-support.js';
import type { TestApp } from '../build-test-app.js';
import type { TestDbKind } from '../db/test-database.js';
import { newUser } from '../factories/users.js';
import { RedditStandIn } from '../stand-ins/reddit.js';
import { StripeStandIn } from '../stand-ins/stripe.js';
import { buildAppWithRouteTable, type TableRoute } from './route-table.js';

/** The app the hostile-input sweeps attack, its route table, and a way in as its most powerful user. */
export interface FuzzTarget {
  testApp: TestApp;
  routes: TableRoute[];
  userId: string;
  /** Headers of a fresh signed-in browser session with a valid CSRF token. */
  signedInHeaders(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Every outside service is configured (as stand-ins), so no route answers "not set up", and a built
 * web app is there, so the SPA fallback answers pages instead of "not built". The user is an admin
 * on the top plan: no route stops it at the door, so the most code is reached.
 */
export async function startFuzzTarget(kind: TestDbKind): Promise<FuzzTarget> {
  const stripe = await StripeStandIn.start();
  const reddit = await RedditStandIn.start();
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'fuzz-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const { testApp, routes } = await buildAppWithRouteTable(kind, {
    ...redditEnv(reddit),
    WEB_DIST_DIR: distDir,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_API_BASE: stripe.baseUrl,
    STRIPE_WEBHOOK_SECRET: 'whsec_fuzz0123456789',
  });
  const user = await newUser(testApp.database.db, { tier: 'pro', role: 'admin', isAdmin: true });
  const csrf = await testApp.app.inject({ method: 'GET', url: '/api/csrf-token' });
  const secret = csrf.cookies.find((cookie) => cookie.name === '_csrf')!;
  const csrfToken = csrf.json<{ csrfToken: string }>().csrfToken;
  return {
    testApp,
    routes,
    userId: user.id,
    async signedInHeaders() {
      // A fresh session each time: a logout or password change in one route's cases ends only its own.
      const { token } = await createSession(testApp.database.db, user.id);
      return { cookie: `_csrf=${secret.value}; ${sessionCookieName}=${token}`, 'x-csrf-token': csrfToken };
    },
    async close() {
      await testApp.close();
      await stripe.close();
      await reddit.close();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
