import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { referralApplications, users } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { TestClient } from '../../../test/test-client.js';
import {
  createReferralClaim,
  referralClaimCookieName,
  referralClaimCookieOptions,
  verifyReferralClaim,
} from './referral-claim.js';

const hour = 60 * 60 * 1000;

describe.each(testDatabaseKinds())('referral claim: only the applicant links (%s)', (kind) => {
  const testApp = useTestApp(kind);

  const db = () => testApp.db();
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const apply = (client: TestClient, referralCode: string, email: string) =>
    client.inject({
      method: 'POST',
      url: '/api/referral/apply',
      payload: { referralCode, applicant: { email } },
    });

  /** Signs up through the real endpoint with this client, as the web's signup form does. */
  async function signUpWith(client: TestClient) {
    const name = `claim_${randomUUID().slice(0, 8)}`;
    const email = `${name}@example.com`;
    const response = await client.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: name, email, password: 'Str0ng!Passw0rd' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    return { response, user: row! };
  }

  it("never links a stranger's code to someone else's new account, nor touches it", async () => {
    const stranger = await newUser(db());
    const victim = await signUpWith(new TestClient(testApp.app()));
    const response = await apply(new TestClient(testApp.app()), stranger.referralCode, victim.user.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'pending_review' });
    const after = await userRow(victim.user.id);
    expect(after.referredByUserId).toBeNull();
    expect(after.signupSource).toBe(victim.user.signupSource);
    expect(after.signupSource).toBe('password');
    // Kept for an admin to judge, as any application that cannot link at once.
    expect(
      await db()
        .select()
        .from(referralApplications)
        .where(eq(referralApplications.applicantEmail, victim.user.email)),
    ).toMatchObject([
      { status: 'pending_review', referrerUserId: stranger.id, applicantUserId: victim.user.id },
    ]);
  });

  it('links when the same browser signs up and then applies', async () => {
    const referrer = await newUser(db());
    const client = new TestClient(testApp.app());
    const { user } = await signUpWith(client);
    const response = await apply(client, referrer.referralCode, user.email);
    expect(response.json()).toEqual({ success: true, status: 'linked' });
    const after = await userRow(user.id);
    expect(after.referredByUserId).toBe(referrer.id);
    expect(after.signupSource).toBe(`password referral:${referrer.referralCode}`);
  });

  it('sets the claim as an httpOnly, SameSite=Strict cookie for /api/referral only, for one hour', async () => {
    const { response, user } = await signUpWith(new TestClient(testApp.app()));
    const cookie = response.cookies.find((c) => c.name === referralClaimCookieName);
    expect(cookie).toMatchObject({ path: '/api/referral', httpOnly: true, sameSite: 'Strict', maxAge: 3600 });
    expect(cookie!.secure ?? false).toBe(testApp.config().secureCookies);
    expect(cookie!.value).toMatch(new RegExp(`^${user.id}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(await verifyReferralClaim(db(), cookie!.value)).toBe(user.id);
    const secure = referralClaimCookieOptions({ secureCookies: true } as AppConfig);
    expect(secure).toMatchObject({ secure: true, httpOnly: true, sameSite: 'strict', path: '/api/referral' });
    expect(referralClaimCookieOptions({ secureCookies: false } as AppConfig).secure).toBe(false);
  });

  it("does not link with a forged, altered, expired or someone else's claim", async () => {
    const referrer = await newUser(db());
    const other = await signUpWith(new TestClient(testApp.app()));
    const otherClaim = other.response.cookies.find((c) => c.name === referralClaimCookieName)!.value;
    const [, otherExpires, otherMac] = otherClaim.split('.');
    const claims: Record<string, (victimId: string) => Promise<string> | string> = {
      forged: (victimId) =>
        `${victimId}.${Math.floor(Date.now() / 1000) + 600}.${Buffer.alloc(32, 1).toString('base64url')}`,
      altered: (victimId) => `${victimId}.${otherExpires}.${otherMac}`,
      expired: (victimId) => createReferralClaim(db(), victimId, new Date(Date.now() - 2 * hour)),
      "someone else's": () => otherClaim,
      garbage: () => 'not-a-claim',
    };
    for (const [label, claimFor] of Object.entries(claims)) {
      const victim = await signUpWith(new TestClient(testApp.app()));
      const client = new TestClient(testApp.app());
      client.setCookie(referralClaimCookieName, await claimFor(victim.user.id));
      const response = await apply(client, referrer.referralCode, victim.user.email);
      expect(response.json(), label).toEqual({ success: true, status: 'pending_review' });
      const after = await userRow(victim.user.id);
      expect(after.referredByUserId, label).toBeNull();
      expect(after.signupSource, label).toBe('password');
    }
  });

  it('accepts a claim until it expires an hour after signup, and only unaltered', async () => {
    const issuedAt = new Date('2026-11-24T10:00:00Z');
    const id = randomUUID();
    const claim = await createReferralClaim(db(), id, issuedAt);
    expect(await verifyReferralClaim(db(), claim, new Date(issuedAt.getTime() + 59 * 60 * 1000))).toBe(id);
    expect(await verifyReferralClaim(db(), claim, new Date(issuedAt.getTime() + hour + 1000))).toBeNull();
    const [user, expires, mac] = claim.split('.') as [string, string, string];
    const later = `${user}.${Number(expires) + 3600}.${mac}`;
    expect(await verifyReferralClaim(db(), later, issuedAt)).toBeNull();
    const flipped = `${user}.${expires}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await verifyReferralClaim(db(), flipped, issuedAt)).toBeNull();
    for (const bad of [undefined, '', `${claim}.x`, `${user}.${expires}`, `${user}.soon.${mac}`])
      expect(await verifyReferralClaim(db(), bad, issuedAt)).toBeNull();
  });
});
