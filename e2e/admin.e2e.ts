import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/db/schema/index';
import { hashPassword } from '../apps/api/src/modules/auth/password-hash';
import { createSession } from '../apps/api/src/modules/auth/session.repo';
import { logInThroughDialog } from './support/accounts';
import { browserCheck, pageErrors, useSeededJourney } from './support/journey';

const password = 'Secret123';

/** An admin with a session, and a creator who can sign in with a password and has a session open. */
async function seed(dataDir: string) {
  const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
  const { db } = database;
  const [admin] = await db
    .insert(users)
    .values({
      username: 'mod_alice',
      email: 'mod_alice@example.com',
      emailVerifiedAt: new Date(),
      isAdmin: true,
    })
    .returning();
  const [creator] = await db
    .insert(users)
    .values({
      username: 'spammy_sam',
      email: 'spammy_sam@example.com',
      displayName: 'Sam Spam',
      emailVerifiedAt: new Date(),
      passwordHash: await hashPassword(password),
    })
    .returning();
  const adminSession = await createSession(db, admin!.id);
  const creatorSession = await createSession(db, creator!.id);
  await database.close();
  return { adminToken: adminSession.token, creatorToken: creatorSession.token };
}

describe.skipIf(!browserCheck.available)('admin moderation', () => {
  const journey = useSeededJourney(seed);
  const openAs = (sessionToken: string) =>
    journey.newPage({ sessionToken, viewport: { width: 1280, height: 900 } });

  it('an admin finds and bans a user, who is signed out and sees the section 4 gate after signing in again', async () => {
    const creator = await openAs(journey.seeded.creatorToken);
    await creator.goto('/dashboard');
    await creator.waitForURL('**/dashboard');

    const admin = await openAs(journey.seeded.adminToken);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Users' }).waitFor();
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('sam spam');
    const usersPanel = admin.getByRole('tabpanel', { name: 'Users' });
    // The search is debounced: wait until only the header and the one match are left.
    await expect.poll(() => usersPanel.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    const row = usersPanel.getByRole('row').filter({ hasText: 'spammy_sam' });
    await row.getByRole('button', { name: 'Manage spammy_sam' }).click();

    const detail = admin.getByRole('dialog', { name: 'spammy_sam' });
    await detail.getByRole('button', { name: 'Ban' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Ban spammy_sam?' });
    expect(await confirm.getByRole('button', { name: 'Ban user' }).isDisabled()).toBe(true);
    await confirm.getByLabel('Reason').fill('Posting the same link in 40 communities');
    const [banned] = await Promise.all([
      admin.waitForResponse((response) => response.url().endsWith('/ban')),
      confirm.getByRole('button', { name: 'Ban user' }).click(),
    ]);
    expect(banned.status()).toBe(200);
    await admin.getByText('User banned and signed out everywhere').waitFor();
    await detail.getByText('Banned', { exact: true }).first().waitFor();
    await detail.getByText('“Posting the same link in 40 communities”').waitFor();
    await admin.screenshot({ path: '/tmp/h/admin-user.png' });
    await admin.keyboard.press('Escape');

    // The creator's open session is gone: the next page load is signed out.
    await creator.goto('/dashboard');
    await creator.waitForURL((url) => url.pathname === '/');
    await logInThroughDialog(creator, 'spammy_sam', password);
    await creator.goto('/reddit');
    await creator.getByText('Account access restricted').first().waitFor();
    await creator.screenshot({ path: '/tmp/h/admin-banned-user.png', fullPage: true });

    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const entry = admin.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').first();
    await entry.getByText('Banned').waitFor();
    expect(await entry.textContent()).toMatch(/Banned.*spammy_sam.*by mod_alice.*Posting the same link/);
    await admin.screenshot({ path: '/tmp/h/admin.png', fullPage: true });
    expect(pageErrors(admin)).toEqual([]);
    expect(pageErrors(creator)).toEqual([]);
  });
});
