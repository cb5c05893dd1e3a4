import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminTexts } from '@app/shared/admin';
import { errorCodes } from '@app/shared/errors';
import { adminAuditLog, sessions, users, type NewUserRow, type UserRow } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';

const dayMs = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())('admin users (%s)', (kind) => {
  let adminRow: UserRow;
  let admin: TestClient;
  const db = () => testApp.db();
  const clientOf = (user: UserRow) => signedInClient(testApp.app(), db(), user);
  const aUser = (overrides: Partial<NewUserRow> = {}) => newUser(db(), overrides);
  const testApp = useTestApp(kind);
  beforeAll(async () => {
    adminRow = await aUser({ isAdmin: true });
    admin = await clientOf(adminRow);
  });

  const act = (id: string, action: string, payload?: object, client = admin) =>
    client.inject({ method: 'POST', url: `/api/admin/users/${id}/${action}`, payload });
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const auditRows = (targetId: string) =>
    db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, targetId))
      .orderBy(desc(adminAuditLog.createdAt));

  const writes: Array<[string, object | undefined]> = [
    ['ban', { reason: 'spam' }],
    ['unban', undefined],
    ['suspend', { until: new Date(Date.now() + dayMs).toISOString(), reason: 'cool down' }],
    ['unsuspend', undefined],
    ['tier', { tier: 'pro' }],
    ['force-password-change', undefined],
    ['resend-verification', undefined],
  ];

  it('answers 401 signed out, 403 to non-admins and 403 without a CSRF token, changing nothing', async () => {
    const target = await aUser({ emailVerifiedAt: null, bannedAt: new Date() });
    const user = await clientOf(await aUser());
    const anonymous = new TestClient(testApp.app());
    const reads = ['/api/admin/users?q=a', `/api/admin/users/${target.id}`, '/api/admin/audit-log'];
    for (const url of reads) {
      expect((await anonymous.inject({ method: 'GET', url })).statusCode).toBe(401);
      const refused = await user.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message: 'Insufficient permissions',
        code: errorCodes.forbidden,
      });
    }
    for (const [action, payload] of writes) {
      expect((await act(target.id, action, payload, anonymous)).statusCode).toBe(401);
      expect((await act(target.id, action, payload, user)).statusCode).toBe(403);
      const noCsrf = await admin.inject(
        { method: 'POST', url: `/api/admin/users/${target.id}/${action}`, payload },
        { csrf: false },
      );
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().code).not.toBe(errorCodes.forbidden);
    }
    expect(await auditRows(target.id)).toEqual([]);
    expect((await userRow(target.id)).tier).toBe('free');
  });

  it('finds users by part of username, e-mail or display name, case-insensitively, paged', async () => {
    const token = crypto.randomUUID().slice(0, 6);
    await aUser({ username: `Findme_${token}` });
    await aUser({ email: `someone.${token}@Example.com` });
    await aUser({ displayName: `Display ${token.toUpperCase()}` });
    const found = await admin.inject({ method: 'GET', url: `/api/admin/users?q=${token.toUpperCase()}` });
    expect(found.statusCode).toBe(200);
    expect(Object.keys(found.json()).sort()).toEqual(['total', 'users']);
    expect(found.json().total).toBe(3);
    expect(found.json().users).toHaveLength(3);
    expect(found.json().users[0]).toMatchObject({ tier: 'free', emailVerified: true, bannedAt: null });
    expect(found.headers['x-next-cursor']).toBeUndefined();
    // LIKE wildcards are taken literally.
    expect((await admin.inject({ method: 'GET', url: '/api/admin/users?q=%25%25%25' })).json().total).toBe(0);
    const page1 = await admin.inject({ method: 'GET', url: `/api/admin/users?q=${token}&limit=2` });
    expect(page1.json()).toMatchObject({ total: 3 });
    expect(page1.json().users).toHaveLength(2);
    const cursor = page1.headers['x-next-cursor'];
    const page2 = await admin.inject({
      method: 'GET',
      url: `/api/admin/users?q=${token}&limit=2&cursor=${cursor}`,
    });
    expect(page2.json()).toMatchObject({ total: 3 });
    expect(page2.json().users).toHaveLength(1);
    expect(page2.headers['x-next-cursor']).toBeUndefined();
    const seen = [...page1.json().users, ...page2.json().users].map((user: { id: string }) => user.id);
    expect(new Set(seen).size).toBe(3);
    const badPage = await admin.inject({ method: 'GET', url: '/api/admin/users?limit=0' });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().field).toBe('limit');
    // page is gone with decision 032: a clear 400 instead of a silently ignored field.
    expect((await admin.inject({ method: 'GET', url: '/api/admin/users?page=2' })).json().field).toBe('page');
  });

  it('bans with a reason: one audit row, every session of the user deleted; unban is audited too', async () => {
    const target = await aUser();
    const targetClient = await clientOf(target);
    await clientOf(target);
    expect((await targetClient.inject({ method: 'GET', url: '/api/auth/user' })).json()).toMatchObject({
      id: target.id,
    });

    const noReason = (await act(target.id, 'ban', { reason: ' ' })).json();
    expect(noReason).toMatchObject({ field: 'reason', code: errorCodes.validation });
    expect(noReason.message).toContain(adminTexts.reasonRequired);
    const banned = await act(target.id, 'ban', { reason: 'Posting spam' });
    expect(banned.statusCode).toBe(200);
    expect(banned.json().bannedAt).toEqual(expect.any(String));
    expect(await db().select().from(sessions).where(eq(sessions.userId, target.id))).toEqual([]);
    expect((await targetClient.inject({ method: 'GET', url: '/api/auth/user' })).json()).toBeNull();

    const [row] = await auditRows(target.id);
    expect(row).toMatchObject({
      actorUserId: adminRow.id,
      actorUsername: adminRow.username,
      targetUserId: target.id,
      targetUsername: target.username,
      action: 'ban',
      details: { reason: 'Posting spam' },
    });
    expect((await act(target.id, 'ban', { reason: 'again' })).statusCode).toBe(409);

    expect((await act(target.id, 'unban')).json().bannedAt).toBeNull();
    expect((await act(target.id, 'unban')).json()).toMatchObject({ message: adminTexts.notBanned });
    const detail = await admin.inject({ method: 'GET', url: `/api/admin/users/${target.id}` });
    expect(detail.json().audit.map((entry: { action: string }) => entry.action)).toEqual(['unban', 'ban']);
  });

  it('suspends until a future date at most a year away, and lifts it', async () => {
    const target = await aUser();
    const suspend = (until: Date | string) =>
      act(target.id, 'suspend', {
        until: typeof until === 'string' ? until : until.toISOString(),
        reason: 'Cool down',
      });
    expect((await suspend(new Date(Date.now() - 1000))).json()).toMatchObject({
      message: adminTexts.untilInvalid,
      field: 'until',
    });
    expect((await suspend(new Date(Date.now() + 366 * dayMs))).json()).toMatchObject({
      message: adminTexts.untilTooLate,
    });
    expect((await suspend('tomorrow')).statusCode).toBe(400);
    expect(await auditRows(target.id)).toEqual([]);

    const until = new Date(Date.now() + 3 * dayMs);
    const suspended = await suspend(until);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().suspendedUntil).toBe(until.toISOString());
    const [row] = await auditRows(target.id);
    expect(row).toMatchObject({
      action: 'suspend',
      actorUserId: adminRow.id,
      details: { until: until.toISOString(), reason: 'Cool down', previousUntil: null },
    });

    expect((await act(target.id, 'unsuspend')).json().suspendedUntil).toBeNull();
    expect((await auditRows(target.id))[0]).toMatchObject({
      action: 'unsuspend',
      details: { until: until.toISOString() },
    });
    expect((await act(target.id, 'unsuspend')).statusCode).toBe(409);
  });

  it('changes the tier and records from and to', async () => {
    const target = await aUser({ tier: 'starter' });
    expect((await act(target.id, 'tier', { tier: 'gold' })).json().field).toBe('tier');
    const changed = await act(target.id, 'tier', { tier: 'pro' });
    expect(changed.json().tier).toBe('pro');
    expect((await auditRows(target.id))[0]).toMatchObject({
      action: 'change_tier',
      details: { from: 'starter', to: 'pro' },
    });
    expect((await act(target.id, 'tier', { tier: 'pro' })).json()).toMatchObject({
      message: adminTexts.sameTier,
    });
  });

  it('refuses to ban, suspend or change the tier of oneself or another admin (409), auditing nothing', async () => {
    const otherAdmin = await aUser({ role: 'admin' });
    const until = new Date(Date.now() + dayMs).toISOString();
    for (const target of [adminRow, otherAdmin]) {
      for (const [action, payload] of [
        ['ban', { reason: 'x' }],
        ['suspend', { until, reason: 'x' }],
        ['tier', { tier: 'free' }],
      ] as const) {
        const refused = await act(target.id, action, payload);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(
          target.id === adminRow.id ? adminTexts.selfAction : adminTexts.otherAdmin,
        );
      }
      expect(await auditRows(target.id)).toEqual([]);
    }
    expect((await userRow(otherAdmin.id)).bannedAt).toBeNull();
  });

  it('forces a password change (signing the user out) and refuses accounts without a password', async () => {
    const target = await aUser({ passwordHash: 'hash' });
    await clientOf(target);
    expect((await act(target.id, 'force-password-change')).json().mustChangePassword).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, target.id))).toEqual([]);
    expect((await auditRows(target.id))[0]).toMatchObject({
      action: 'force_password_change',
      targetUsername: target.username,
    });
    expect((await act(target.id, 'force-password-change')).statusCode).toBe(409);
    const social = await aUser({ passwordHash: null });
    expect((await act(social.id, 'force-password-change')).json().message).toBe(adminTexts.noPassword);
  });

  it('resends the verification mail to an unverified address, 409 when already verified', async () => {
    const target = await aUser({ emailVerifiedAt: null });
    const before = testApp.testApp().sentMail.length;
    expect((await act(target.id, 'resend-verification')).statusCode).toBe(200);
    await expect.poll(() => testApp.testApp().sentMail.length).toBe(before + 1);
    expect(testApp.testApp().sentMail.at(-1)?.to).toBe(target.email);
    expect((await auditRows(target.id))[0]).toMatchObject({
      action: 'resend_verification',
      details: { email: target.email },
    });

    const verified = await aUser();
    const refused = await act(verified.id, 'resend-verification');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(adminTexts.alreadyVerified);
  });

  it('answers 404 for unknown users and 400 for malformed ids', async () => {
    const unknown = crypto.randomUUID();
    const missing = await admin.inject({ method: 'GET', url: `/api/admin/users/${unknown}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(adminTexts.userNotFound);
    for (const [action, payload] of writes)
      expect((await act(unknown, action, payload)).statusCode).toBe(404);
    expect((await admin.inject({ method: 'GET', url: '/api/admin/users/not-an-id' })).statusCode).toBe(400);
  });

  it('lists the audit log newest first, paged', async () => {
    const target = await aUser();
    await act(target.id, 'tier', { tier: 'starter' });
    const log = await admin.inject({ method: 'GET', url: '/api/admin/audit-log' });
    expect(log.statusCode).toBe(200);
    expect(log.json().entries[0]).toMatchObject({
      action: 'change_tier',
      targetUserId: target.id,
      actorUsername: adminRow.username,
    });
    expect(log.json().total).toBeGreaterThanOrEqual(1);
  });
});
