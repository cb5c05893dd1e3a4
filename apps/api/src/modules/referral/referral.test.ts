import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { referralApplications, users, type UserRow } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';

const day = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())('POST /api/referral/apply (%s)', (kind) => {
  const testApp = useTestApp(kind);

  const db = () => testApp.db();
  // By default a stranger: no session, no referral claim, only the CSRF token the web fetches anyway.
  const apply = (payload: unknown, client = new TestClient(testApp.app())) =>
    client.inject({
      method: 'POST',
      url: '/api/referral/apply',
      payload: payload as object,
    });
  const referredBy = async (id: string) =>
    (await db().select().from(users).where(eq(users.id, id)))[0]!.referredByUserId;
  // The applicant themself, proven by their own session (as after an OAuth signup).
  const asApplicant = (applicant: UserRow) => signedInClient(testApp.app(), db(), applicant);
  const applicationsFor = (email: string) =>
    db().select().from(referralApplications).where(eq(referralApplications.applicantEmail, email));
  const applicationsNaming = (referrerId: string) =>
    db().select().from(referralApplications).where(eq(referralApplications.referrerUserId, referrerId));

  it('links a new account to the code owner, normalising code and address', async () => {
    const referrer = await newUser(db());
    const applicant = await newUser(db(), { email: 'new.creator@example.com', emailVerifiedAt: null });
    const response = await apply(
      {
        referralCode: ` ${referrer.referralCode.toLowerCase()} `,
        applicant: { email: '  New.Creator@Example.com ' },
      },
      await asApplicant(applicant),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'linked' });
    expect(await referredBy(applicant.id)).toBe(referrer.id);
    expect(await applicationsFor('new.creator@example.com')).toMatchObject([
      {
        status: 'linked',
        referrerUserId: referrer.id,
        applicantUserId: applicant.id,
        referralCode: referrer.referralCode,
      },
    ]);
  });

  it('is idempotent: the same code and address answer the same, with one record', async () => {
    const referrer = await newUser(db());
    const applicant = await newUser(db());
    const payload = { referralCode: referrer.referralCode, applicant: { email: applicant.email } };
    const client = await asApplicant(applicant);
    expect((await apply(payload, client)).json().status).toBe('linked');
    expect((await apply(payload, client)).json().status).toBe('linked');
    // Someone else repeating it learns nothing: only the applicant hears 'linked'.
    expect((await apply(payload)).json().status).toBe('pending_review');
    expect(await applicationsFor(applicant.email)).toHaveLength(1);

    const unknown = { referralCode: 'NOSUCHCODE', applicant: { email: 'nobody-yet@example.com' } };
    expect((await apply(unknown)).json()).toEqual({ success: true, status: 'pending_review' });
    expect((await apply(unknown)).json()).toEqual({ success: true, status: 'pending_review' });
    expect(await applicationsFor('nobody-yet@example.com')).toMatchObject([
      { status: 'pending_review', referrerUserId: null, applicantUserId: null, referralCode: 'NOSUCHCODE' },
    ]);
  });

  it.each([
    ['an account older than 7 days', { createdAt: new Date(Date.now() - 8 * day) }, false],
    ['an account that already has a referrer', {}, true],
  ])('keeps %s for review and changes nothing', async (_label, overrides, alreadyReferred) => {
    const referrer = await newUser(db());
    const earlier = await newUser(db());
    const applicant = await newUser(db(), {
      ...overrides,
      referredByUserId: alreadyReferred ? earlier.id : null,
    });
    const response = await apply(
      { referralCode: referrer.referralCode, applicant: { email: applicant.email } },
      await asApplicant(applicant),
    );
    expect(response.json()).toEqual({ success: true, status: 'pending_review' });
    expect(await referredBy(applicant.id)).toBe(alreadyReferred ? earlier.id : null);
    expect(await applicationsFor(applicant.email)).toMatchObject([
      { status: 'pending_review', referrerUserId: referrer.id, applicantUserId: applicant.id },
    ]);
  });

  it('never lets someone refer themselves', async () => {
    const owner = await newUser(db());
    const response = await apply(
      { referralCode: owner.referralCode, applicant: { email: owner.email } },
      await asApplicant(owner),
    );
    expect(response.json().status).toBe('pending_review');
    expect(await referredBy(owner.id)).toBeNull();
  });

  it('keeps the first application for an address; a later code does not link', async () => {
    const second = await newUser(db());
    const applicant = await newUser(db());
    const client = await asApplicant(applicant);
    await apply({ referralCode: 'UNKNOWN01', applicant: { email: applicant.email } }, client);
    const later = await apply(
      { referralCode: second.referralCode, applicant: { email: applicant.email } },
      client,
    );
    expect(later.json().status).toBe('pending_review');
    expect(await referredBy(applicant.id)).toBeNull();
    expect(await applicationsFor(applicant.email)).toMatchObject([{ referralCode: 'UNKNOWN01' }]);
  });

  // docs/security.md: an application nobody proved must not block the applicant's own (proven) one.
  describe('a proven application replaces unproven ones for the address', () => {
    it('links to the code the applicant proved, and the earlier unproven application is gone', async () => {
      const frontRunner = await newUser(db());
      const realReferrer = await newUser(db());
      const email = `front-run-${randomUUID().slice(0, 8)}@example.com`;
      // Named before the account exists (as a stranger can), and again once it does.
      const early = await apply({ referralCode: frontRunner.referralCode, applicant: { email } });
      expect(early.json().status).toBe('pending_review');
      const applicant = await newUser(db(), { email });
      expect(
        (await apply({ referralCode: frontRunner.referralCode, applicant: { email } })).json().status,
      ).toBe('pending_review');

      const proven = await apply(
        { referralCode: realReferrer.referralCode, applicant: { email } },
        await asApplicant(applicant),
      );
      expect(proven.json()).toEqual({ success: true, status: 'linked' });
      expect(await referredBy(applicant.id)).toBe(realReferrer.id);
      expect(await applicationsFor(email)).toMatchObject([
        {
          status: 'linked',
          proven: true,
          referrerUserId: realReferrer.id,
          referralCode: realReferrer.referralCode,
        },
      ]);
      expect(await applicationsNaming(frontRunner.id)).toEqual([]);
    });

    it('never the other way round: an unproven application after a proven one changes nothing', async () => {
      const realReferrer = await newUser(db());
      const lateComer = await newUser(db());
      const applicant = await newUser(db());
      const payload = { referralCode: realReferrer.referralCode, applicant: { email: applicant.email } };
      expect((await apply(payload, await asApplicant(applicant))).json().status).toBe('linked');
      const late = await apply({
        referralCode: lateComer.referralCode,
        applicant: { email: applicant.email },
      });
      expect(late.json().status).toBe('pending_review');
      expect(await referredBy(applicant.id)).toBe(realReferrer.id);
      expect(await applicationsFor(applicant.email)).toMatchObject([
        { status: 'linked', referrerUserId: realReferrer.id },
      ]);
      expect(await applicationsNaming(lateComer.id)).toEqual([]);
    });

    it('replaces an unproven one that an admin rejected, but keeps a proven one that could not link', async () => {
      const frontRunner = await newUser(db());
      const realReferrer = await newUser(db());
      const applicant = await newUser(db());
      await apply({ referralCode: frontRunner.referralCode, applicant: { email: applicant.email } });
      await db()
        .update(referralApplications)
        .set({ status: 'rejected', reviewedAt: new Date() })
        .where(eq(referralApplications.applicantEmail, applicant.email));
      const client = await asApplicant(applicant);
      const payload = { referralCode: realReferrer.referralCode, applicant: { email: applicant.email } };
      expect((await apply(payload, client)).json().status).toBe('linked');

      // A proven application that waits for review (here: an unknown code) stands, as before.
      const other = await newUser(db());
      const later = await newUser(db());
      const otherClient = await asApplicant(other);
      await apply({ referralCode: 'UNKNOWN02', applicant: { email: other.email } }, otherClient);
      await apply({ referralCode: later.referralCode, applicant: { email: other.email } }, otherClient);
      expect(await applicationsFor(other.email)).toMatchObject([
        { status: 'pending_review', proven: true, referralCode: 'UNKNOWN02' },
      ]);
      expect(await referredBy(other.id)).toBeNull();
    });

    it('wins when both arrive at the same time, whichever is stored first', async () => {
      for (let round = 0; round < 4; round++) {
        const frontRunner = await newUser(db());
        const realReferrer = await newUser(db());
        const applicant = await newUser(db());
        const client = await asApplicant(applicant);
        const stranger = () =>
          apply({ referralCode: frontRunner.referralCode, applicant: { email: applicant.email } });
        const owner = () =>
          apply({ referralCode: realReferrer.referralCode, applicant: { email: applicant.email } }, client);
        const answers = await Promise.all(round % 2 ? [owner(), stranger()] : [stranger(), owner()]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        expect(await referredBy(applicant.id)).toBe(realReferrer.id);
        expect(await applicationsFor(applicant.email)).toMatchObject([
          { status: 'linked', referrerUserId: realReferrer.id },
        ]);
      }
    });
  });

  it.each([
    ['no body fields', {}, 'referralCode'],
    ['an empty code', { referralCode: '  ', applicant: { email: 'a@example.com' } }, 'referralCode'],
    ['a malformed address', { referralCode: 'ABC', applicant: { email: 'not-an-email' } }, 'applicant.email'],
    ['no applicant', { referralCode: 'ABC' }, 'applicant'],
    ['an unknown field', { referralCode: 'ABC', applicant: { email: 'a@example.com' }, bonus: 1 }, 'bonus'],
  ])('answers 400 for %s, naming the field', async (_label, payload, field) => {
    const response = await apply(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });
});
