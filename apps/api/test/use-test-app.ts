import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { NewUserRow } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import type { TestDbKind } from './db/test-database.js';
import { newUser } from './factories/users.js';
import {
  closeStandIns,
  resetStandIns,
  standInEnvironment,
  startStandIns,
  type StandInRequest,
  type StandIns,
} from './stand-ins/start-stand-ins.js';
import { signedInClient } from './test-client.js';

export interface UseTestAppOptions {
  /** Variables for loadConfig; they win over the stand-ins' own. */
  env?: Record<string, string>;
  /** Stand-in servers started before the app and closed after it, the app pointed at them. */
  standIns?: StandInRequest;
  /** Reset the stand-ins before each test (default); off for a file whose tests build on each other. */
  resetStandIns?: boolean;
  /** A temporary DATA_DIR of the file's own, removed afterwards. */
  dataDir?: boolean;
  build?: Parameters<typeof buildTestApp>[2];
}

/**
 * The one set-up of an API test file (fastify/demo's `build(t)`): the stand-ins it asks for, then
 * one app on its own database, built before the file's tests and closed after them.
 * `signedIn()` makes a new user with a session, so each test can start from a user of its own.
 */
export function useTestApp(kind: TestDbKind, options: UseTestAppOptions = {}) {
  let testApp: TestApp | undefined;
  let standIns: StandIns | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    if (options.dataDir) dataDir = await mkdtemp(path.join(tmpdir(), 'api-test-data-'));
    standIns = await startStandIns(options.standIns ?? {});
    testApp = await buildTestApp(
      kind,
      { ...standInEnvironment(standIns), ...(dataDir && { DATA_DIR: dataDir }), ...options.env },
      options.build,
    );
  });
  afterAll(async () => {
    await testApp?.close();
    if (standIns) await closeStandIns(standIns);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  if (options.standIns && options.resetStandIns !== false)
    beforeEach(() => standIns && resetStandIns(standIns));

  const built = () => {
    if (!testApp) throw new Error('useTestApp: the app is built in beforeAll; use it inside a test');
    return testApp;
  };
  /** A stand-in the file asked for; asking for one it did not start is a mistake in the test. */
  const standIn = <K extends Exclude<keyof StandIns, 'oauth'>>(name: K): NonNullable<StandIns[K]> => {
    const server = standIns?.[name];
    if (!server)
      throw new Error(`useTestApp: start the ${name} stand-in with { standIns: { ${name}: true } }`);
    return server as NonNullable<StandIns[K]>;
  };
  const db = () => built().database.db;
  return {
    app: (): FastifyInstance => built().app,
    db,
    /** The whole built app: database handle, config and the in-memory mail. */
    testApp: built,
    config: () => built().config,
    /** The database's connection URL on PostgreSQL (undefined on PGlite), for a connection of a test's own. */
    databaseUrl: (): string | undefined => built().database.url,
    dataDir: () => dataDir ?? built().config.dataDir,
    reddit: () => standIn('reddit'),
    smtp: () => standIn('smtp'),
    stripe: () => standIn('stripe'),
    openai: () => standIn('openai'),
    s3: () => standIn('s3'),
    oauth: () => standIns?.oauth ?? [],
    async signedIn(overrides: Partial<NewUserRow> = {}) {
      const user = await newUser(db(), overrides);
      return { user, client: await signedInClient(built().app, db(), user) };
    },
  };
}

export type UsedTestApp = ReturnType<typeof useTestApp>;
