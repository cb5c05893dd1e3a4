import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminTexts } from '@app/shared/admin';
import { adminAuditLog, referralApplications, users, type UserRow } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newReferralApplication } from '../../../test/factories/referrals.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';

describe.each(testDatabaseKinds())('admin leads (%s)', (kind) => {
  let adminRow: UserRow;
  let admin: TestClient;
  const db = () => testApp.db();
  const testApp = useTestApp(kind);
  beforeAll(async () => {
    adminRow = await newUser(db(), { isAdmin: true });
    admin = await signedInClient(testApp.app(), db(), adminRow);
  });

  /** A pending application from an account too old to link automatically. */
  const pendingApplication = (referrer: UserRow | null, applicant: UserRow | null, email?: string) =>
    newReferralApplication(db(), { referrer, applicant, applicantEmail: email });
  const review = (id: string, verdict: 'approve' | 'reject', client = admin, csrf = true) =>
    client.inject({ method: 'POST', url: `/api/admin/leads/${id}/${verdict}` }, { csrf });
  const applicationRow = async (id: string) =>
    (await db().select().from(referralApplications).where(eq(referralApplications.id, id)))[0]!;

  it('lists pending applications and recent signups with their source', async () => {
    const referrer = await newUser(db());
    const applicant = await newUser(db(), { signupSource: 'google' });
    const application = await pendingApplication(referrer, applicant);
    const email = `lead_${crypto.randomUUID().slice(0, 6)}@example.com`;
    const signup = await admin.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: `lead_${crypto.randomUUID().slice(0, 6)}`, email, password: 'Str0ng!Passw0rd' },
    });
    expect(signup.statusCode).toBe(201);

    const applications = await admin.inject({ method: 'GET', url: '/api/admin/leads/applications' });
    expect(applications.statusCode).toBe(200);
    expect(applications.json()).toContainEqual(
      expect.objectContaining({
        id: application.id,
        referrerUsername: referrer.username,
        applicantUsername: applicant.username,
      }),
    );
    const recent = await admin.inject({ method: 'GET', url: '/api/admin/leads/signups' });
    expect(recent.statusCode).toBe(200);
    const signups = recent.json() as Array<{
      email: string;
      signupSource: string | null;
      referralCode: string | null;
    }>;
    expect(signups.find((row) => row.email === email)).toMatchObject({
      signupSource: 'password',
      referralCode: null,
    });
    expect(signups.find((row) => row.email === applicant.email)).toMatchObject({
      signupSource: 'google',
      referralCode: referrer.referralCode,
    });
  });

  it("adds referral:CODE to a new account's signup source when the web sends the code after signup", async () => {
    const referrer = await newUser(db());
    const email = `coded_${crypto.randomUUID().slice(0, 6)}@example.com`;
    // The same browser signs up and then applies: signup's referral claim cookie proves the applicant.
    const client = new TestClient(testApp.app());
    const signup = await client.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: `coded_${crypto.randomUUID().slice(0, 6)}`, email, password: 'Str0ng!Passw0rd' },
    });
    expect(signup.statusCode).toBe(201);
    const apply = (referralCode: string) =>
      client.inject({
        method: 'POST',
        url: '/api/referral/apply',
        payload: { referralCode, applicant: { email } },
      });
    expect((await apply(referrer.referralCode.toLowerCase())).json().status).toBe('linked');
    await apply('OTHERCODE');
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row!.signupSource).toBe(`password referral:${referrer.referralCode}`);
    const old = await newUser(db(), {
      signupSource: 'google',
      createdAt: new Date(Date.now() - 30 * 86_400_000),
    });
    await client.inject({
      method: 'POST',
      url: '/api/referral/apply',
      payload: { referralCode: referrer.referralCode, applicant: { email: old.email } },
    });
    expect((await db().select().from(users).where(eq(users.id, old.id)))[0]!.signupSource).toBe('google');
    // Another browser naming a new account's address proves nothing: its source stays as it was.
    const fresh = await newUser(db(), { signupSource: 'password' });
    await new TestClient(testApp.app()).inject({
      method: 'POST',
      url: '/api/referral/apply',
      payload: { referralCode: referrer.referralCode, applicant: { email: fresh.email } },
    });
    expect((await db().select().from(users).where(eq(users.id, fresh.id)))[0]!.signupSource).toBe('password');
  });

  it('approve links the applicant to the referrer, closes the application and audits it', async () => {
    const referrer = await newUser(db());
    const applicant = await newUser(db());
    const application = await pendingApplication(referrer, applicant);
    const approved = await review(application.id, 'approve');
    expect(approved.json()).toEqual({ id: application.id, status: 'linked' });
    expect((await applicationRow(application.id)).status).toBe('linked');
    expect((await applicationRow(application.id)).reviewedAt).toBeInstanceOf(Date);
    const [user] = await db().select().from(users).where(eq(users.id, applicant.id));
    expect(user!.referredByUserId).toBe(referrer.id);
    const [audit] = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, applicant.id));
    expect(audit).toMatchObject({
      actorUserId: adminRow.id,
      actorUsername: adminRow.username,
      targetUsername: applicant.username,
      action: 'approve_referral',
      details: {
        applicationId: application.id,
        referrerUserId: referrer.id,
        referralCode: referrer.referralCode,
      },
    });
    const again = await review(application.id, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(adminTexts.applicationReviewed);
  });

  it('approve finds an applicant who signed up after applying; refuses when nobody can be linked', async () => {
    const referrer = await newUser(db());
    const later = await newUser(db());
    const byAddress = await pendingApplication(referrer, null, later.email);
    expect((await review(byAddress.id, 'approve')).statusCode).toBe(200);
    expect((await applicationRow(byAddress.id)).applicantUserId).toBe(later.id);

    const nobody = await pendingApplication(referrer, null, `ghost_${crypto.randomUUID()}@example.com`);
    expect((await review(nobody.id, 'approve')).json().message).toBe(adminTexts.applicantMissing);
    const noReferrer = await pendingApplication(null, await newUser(db()));
    expect((await review(noReferrer.id, 'approve')).json().message).toBe(adminTexts.referrerMissing);
    expect((await applicationRow(noReferrer.id)).status).toBe('pending_review');
  });

  it('reject closes the application without linking and audits it', async () => {
    const referrer = await newUser(db());
    const applicant = await newUser(db());
    const application = await pendingApplication(referrer, applicant);
    expect((await review(application.id, 'reject')).json()).toEqual({
      id: application.id,
      status: 'rejected',
    });
    expect(
      (await db().select().from(users).where(eq(users.id, applicant.id)))[0]!.referredByUserId,
    ).toBeNull();
    const [audit] = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, applicant.id));
    expect(audit).toMatchObject({
      action: 'reject_referral',
      details: { applicationId: application.id, applicantEmail: applicant.email },
    });
  });

  it('401 signed out, 403 for non-admins and without CSRF, 404 for unknown ids', async () => {
    const application = await pendingApplication(await newUser(db()), await newUser(db()));
    const anonymous = new TestClient(testApp.app());
    const user = await signedInClient(testApp.app(), db(), await newUser(db()));
    for (const url of ['/api/admin/leads/applications', '/api/admin/leads/signups']) {
      expect((await anonymous.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await user.inject({ method: 'GET', url })).statusCode).toBe(403);
    }
    // The old combined list is gone (decision 032): its two halves are paged apart.
    expect((await admin.inject({ method: 'GET', url: '/api/admin/leads' })).statusCode).toBe(404);
    for (const verdict of ['approve', 'reject'] as const) {
      expect((await review(application.id, verdict, anonymous)).statusCode).toBe(401);
      expect((await review(application.id, verdict, user)).statusCode).toBe(403);
      expect((await review(application.id, verdict, admin, false)).statusCode).toBe(403);
      const unknown = await review(crypto.randomUUID(), verdict);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(adminTexts.applicationNotFound);
    }
    expect((await applicationRow(application.id)).status).toBe('pending_review');
  });
});
