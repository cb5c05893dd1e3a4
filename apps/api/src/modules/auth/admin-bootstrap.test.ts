import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { AdminBootstrapError, ensureAdmin } from './admin-bootstrap.service.js';
import { signedInClient } from '../../../test/test-client.js';
import { AddressedClient, createAccount, knownPassword, login } from './auth-test-support.js';
import { issueOneTimeToken } from './one-time-token.repo.js';
import { verifyPassword } from './password-hash.js';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const unique = () => Math.random().toString(36).slice(2, 10);

/** Runs a TypeScript entry point of the repository as `npm run …` would, and collects its output. */
function run(args: string[], env: Record<string, string>, until?: RegExp) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (until?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.each(testDatabaseKinds())('admin bootstrap (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const db = () => testApp.db();
  const account = () => ({
    email: `boss_${unique()}@example.com`,
    password: 'Env-pass1',
    username: `boss_${unique()}`,
  });

  it('creates a verified admin with a temporary password, and is idempotent', async () => {
    const admin = account();
    const created = await ensureAdmin(db(), admin, 'environment');
    expect(created.outcome).toBe('created');
    expect(created.user).toMatchObject({
      role: 'admin',
      isAdmin: true,
      mustChangePassword: true,
      username: admin.username,
    });
    expect(created.user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(created.user.passwordHash, admin.password)).toBe(true);

    const again = await ensureAdmin(db(), admin, 'environment');
    expect(again.outcome).toBe('unchanged');
    expect(again.user.passwordHash).toBe(created.user.passwordHash);
    expect(await db().select().from(users).where(eq(users.email, admin.email))).toHaveLength(1);
  });

  it('a temporary password set on an existing account ends its sessions, API keys and reset links', async () => {
    const existing = await createAccount(db(), { tier: 'pro' });
    const resetToken = await issueOneTimeToken(db(), existing.id, 'password_reset', 60_000);
    const session = await signedInClient(testApp.app(), db(), existing);
    const created = await session.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'Script', currentPassword: knownPassword },
    });
    expect(created.statusCode, created.body).toBe(201);
    const secret = created.json<{ secret: string }>().secret;

    const { outcome } = await ensureAdmin(
      db(),
      { email: existing.email, password: 'Temp-pass1', username: existing.username },
      'command',
    );
    expect(outcome).toBe('password-set');
    expect(await db().select().from(sessions).where(eq(sessions.userId, existing.id))).toEqual([]);
    const withKey = await testApp.app().inject({
      method: 'GET',
      url: '/api/media',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(withKey.statusCode).toBe(401);
    const reset = await new AddressedClient(testApp.app()).inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, newPassword: 'Taken-over1' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('after the forced change, restarting with the same environment keeps the admin’s own password', async () => {
    const admin = account();
    const { user } = await ensureAdmin(db(), admin, 'environment');
    const client = new AddressedClient(testApp.app());
    const forced = await login(client, admin.email, admin.password);
    expect(forced.statusCode).toBe(202);
    const changed = await client.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { userId: user.id, currentPassword: admin.password, newPassword: 'Own-pass1' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ isAdmin: true, role: 'admin', mustChangePassword: false });

    expect((await ensureAdmin(db(), admin, 'environment')).outcome).toBe('unchanged');
    expect((await login(new AddressedClient(testApp.app()), admin.email, 'Own-pass1')).statusCode).toBe(200);

    // A new ADMIN_PASSWORD is a deliberate reset; so is the command, even with the old password.
    expect((await ensureAdmin(db(), { ...admin, password: 'Env-pass2' }, 'environment')).outcome).toBe(
      'password-set',
    );
    await login(client, admin.email, 'Env-pass2').then((response) => expect(response.statusCode).toBe(202));
    const viaCommand = await ensureAdmin(db(), admin, 'command');
    expect(viaCommand.outcome).toBe('password-set');
    expect(viaCommand.user.mustChangePassword).toBe(true);
    expect(await verifyPassword(viaCommand.user.passwordHash, admin.password)).toBe(true);
  });

  it('promotes an existing account with that e-mail and verifies it', async () => {
    const existing = await createAccount(db(), { emailVerifiedAt: null });
    const admin = { email: existing.email.toUpperCase(), password: 'Env-pass1', username: existing.username };
    const { outcome, user } = await ensureAdmin(db(), admin, 'environment');
    expect(outcome).toBe('password-set');
    expect(user).toMatchObject({ id: existing.id, role: 'admin', isAdmin: true, mustChangePassword: true });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('refuses a username that belongs to someone else, saying what to change', async () => {
    const someone = await createAccount(db());
    const attempt = ensureAdmin(
      db(),
      { ...account(), username: someone.username.toUpperCase() },
      'environment',
    );
    await expect(attempt).rejects.toBeInstanceOf(AdminBootstrapError);
    await expect(attempt).rejects.toThrow(/already belongs to another account.*ADMIN_USERNAME/);
  });

  describe('from the command line and at server start-up', () => {
    let dataDir: string;
    let databaseEnv: Record<string, string>;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'admin-bootstrap-'));
      const url = testApp.databaseUrl();
      databaseEnv = url ? { DATABASE_URL: url } : {};
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    // PGlite allows one process: the spawned process gets its own data directory, read afterwards.
    async function findUser(email: string) {
      if (testApp.databaseUrl()) return (await db().select().from(users).where(eq(users.email, email)))[0];
      const handle = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
      try {
        return (await handle.db.select().from(users).where(eq(users.email, email)))[0];
      } finally {
        await handle.close();
      }
    }

    it('npm run admin:create creates the admin and explains bad input', async () => {
      const admin = account();
      const env = { DATA_DIR: dataDir, ...databaseEnv };
      const bad = await run(['scripts/admin-create.ts', '--email', admin.email, '--password', 'weak'], env);
      expect(bad.code).toBe(1);
      expect(bad.output).toContain('--password: Password must be at least 8 characters');

      const args = [
        'scripts/admin-create.ts',
        '--email',
        admin.email,
        '--password',
        admin.password,
        '--username',
        admin.username,
      ];
      const created = await run(args, env);
      expect(created.output).toContain(`Admin ${admin.email} created`);
      expect(created.code).toBe(0);
      expect(await findUser(admin.email)).toMatchObject({
        role: 'admin',
        isAdmin: true,
        mustChangePassword: true,
      });
      expect((await run(args, env)).output).toContain('already set up');
    }, 60_000);

    it('the server creates the ADMIN_* account when it starts, and not again on the next start', async () => {
      const admin = account();
      const env = {
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ADMIN_USERNAME: admin.username,
        ...databaseEnv,
      };
      const first = await run(['apps/api/src/server.ts'], env, /is ready/);
      expect(first.output).toContain(`Admin ${admin.email} created`);
      expect(first.output).not.toContain(admin.password);
      const second = await run(['apps/api/src/server.ts'], env, /is ready/);
      expect(second.output).toContain('already set up');
      expect(await findUser(admin.email)).toMatchObject({ username: admin.username, isAdmin: true });
    }, 60_000);
  });
});
