import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import { restrictionTexts } from '@app/shared/messages';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { mediaAssets, users } from '../../db/schema/index.js';
import { createAccount, knownPassword, loggedInClient } from '../auth/auth-test-support.js';
import { phonePhoto, upload, useMediaApp } from '../media/media.test-support.js';

const restricted = { code: errorCodes.accountBanned, message: restrictionTexts.banned };

/**
 * docs/decisions/019-ban-and-credential-revocation.md (decision 019): a banned account may still sign in, read, export and delete its
 * data, but creates nothing that acts for it. Captions and scheduling were refused already
 * (ai.test.ts, posts.schedule.test.ts); the sender's side is in modules/posts/post-sending.test.ts.
 */
describe.each(testDatabaseKinds())('what a banned account may not do (%s)', (kind) => {
  const media = useMediaApp(kind, 'local');
  const ban = (userId: string) =>
    media.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, userId));

  it('signs in and sees the restriction, but cannot create an API key even with the right password', async () => {
    const user = await createAccount(media.db, { tier: 'pro' });
    await ban(user.id);
    const { client } = await loggedInClient(media.app, user.username);
    const me = (await client.inject({ method: 'GET', url: '/api/auth/user' })).json<{
      bannedAt: string | null;
    }>();
    expect(me.bannedAt).toEqual(expect.any(String));
    const refused = await client.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'Script', currentPassword: knownPassword },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(restricted);
  });

  it('cannot upload media, and nothing is stored', async () => {
    const { user, client } = await media.signIn();
    await ban(user.id);
    const refused = await upload(client, {
      filename: 'beach.jpg',
      content: await phonePhoto(),
      contentType: 'image/jpeg',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(restricted);
    expect(await media.db.select().from(mediaAssets).where(eq(mediaAssets.userId, user.id))).toEqual([]);
    expect(await media.tempFiles()).toEqual([]);
  });

  it('cannot protect an image it uploaded before the ban', async () => {
    const { user, client } = await media.signIn({ tier: 'pro' });
    const uploaded = await upload(client, {
      filename: 'beach.jpg',
      content: await phonePhoto(),
      contentType: 'image/jpeg',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json<{ asset: { id: string } }>().asset.id;
    await ban(user.id);
    const refused = await client.inject({
      method: 'POST',
      url: `/api/protect-image/${id}`,
      payload: { protectionLevel: 'light' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(restricted);
    const [asset] = await media.db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
    expect(asset!.protectedStorageKey).toBeNull();
  });

  it('still reads its own gallery and exports its data', async () => {
    const { user, client } = await media.signIn();
    await ban(user.id);
    expect((await client.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(200);
    expect((await client.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(200);
  });
});
