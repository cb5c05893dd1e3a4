import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '@app/shared/account';
import { verificationErrorMessages } from '@app/shared/messages';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient } from '../../../test/test-client.js';
import { users } from '../../db/schema/index.js';
import { issueEmailChangeToken } from '../account/email-change.repo.js';
import { AddressedClient, createAccount, knownPassword } from './auth-test-support.js';
import { issueOneTimeToken } from './one-time-token.repo.js';

const resetLinkInvalid = {
  message: 'This reset link is invalid or has expired. Request a new one.',
  code: 'INVALID_TOKEN',
};

/** docs/decisions/019-ban-and-credential-revocation.md: a link mailed before the password or the address changed must not outlive the change. */
describe.each(testDatabaseKinds())(
  'one-time links end when the password or the e-mail changes (%s)',
  (kind) => {
    const db = () => testApp.db();
    const testApp = useTestApp(kind);

    const visitor = () => new AddressedClient(testApp.app());
    const useResetLink = (token: string) =>
      visitor().inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'Taken-over1' },
      });
    const useEmailChangeLink = (token: string) =>
      visitor().inject({
        method: 'GET',
        url: `/api/user/email/confirm?token=${token}`,
        headers: { accept: 'application/json' },
      });
    const changePassword = (userId: string) =>
      visitor().inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { userId, currentPassword: knownPassword, newPassword: 'Brand-new1' },
      });

    it('a reset link mailed before a password change no longer works', async () => {
      const user = await createAccount(db());
      const token = await issueOneTimeToken(db(), user.id, 'password_reset', 60_000);
      expect((await changePassword(user.id)).statusCode).toBe(200);
      const used = await useResetLink(token);
      expect(used.statusCode).toBe(400);
      expect(used.json()).toEqual(resetLinkInvalid);
    });

    it('a pending e-mail change link no longer works after the password is reset or changed', async () => {
      const reset = await createAccount(db());
      const changeLink = await issueEmailChangeToken(db(), reset.id, `new_${reset.username}@example.com`);
      const resetToken = await issueOneTimeToken(db(), reset.id, 'password_reset', 60_000);
      expect((await useResetLink(resetToken)).statusCode).toBe(200);
      const afterReset = await useEmailChangeLink(changeLink);
      expect(afterReset.statusCode).toBe(400);
      expect(afterReset.json()).toMatchObject({ message: accountMessages.emailChangeLinkInvalid });

      const changed = await createAccount(db());
      const secondLink = await issueEmailChangeToken(db(), changed.id, `new_${changed.username}@example.com`);
      expect((await changePassword(changed.id)).statusCode).toBe(200);
      expect((await useEmailChangeLink(secondLink)).statusCode).toBe(400);
      const [row] = await db().select().from(users).where(eq(users.id, changed.id));
      expect(row!.email).toBe(changed.email);
    });

    it('a reset link and a verification link mailed to the old address no longer work after the e-mail changes', async () => {
      const user = await createAccount(db(), { emailVerifiedAt: null });
      const resetToken = await issueOneTimeToken(db(), user.id, 'password_reset', 60_000);
      const verifyToken = await issueOneTimeToken(db(), user.id, 'email_verification', 60_000);
      const client = await signedInClient(testApp.app(), db(), user);
      const asked = await client.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        payload: { email: `moved_${user.username}@example.com`, currentPassword: knownPassword },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const changeLink = /token=([\w-]+)/.exec(testApp.testApp().sentMail.at(-1)!.text ?? '')![1]!;
      expect((await useEmailChangeLink(changeLink)).statusCode).toBe(200);

      const reset = await useResetLink(resetToken);
      expect(reset.statusCode).toBe(400);
      expect(reset.json()).toEqual(resetLinkInvalid);
      const verified = await visitor().inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${verifyToken}`,
        headers: { accept: 'application/json' },
      });
      expect(verified.statusCode).toBe(400);
      expect(verified.json()).toMatchObject({ message: verificationErrorMessages.invalid_token });
    });
  },
);
