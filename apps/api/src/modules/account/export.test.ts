import { describe, expect, it } from 'vitest';
import { accountExportSchema, type AccountExport } from '@app/shared/account';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { TestClient } from '../../../test/test-client.js';
import { useMediaApp } from '../media/media.test-support.js';
import { ownedRowCounts, seedAccount } from './account.test-support.js';
import { ownedTables } from './owned-data.js';

const publicUrl = 'https://studio.example';

describe.each(testDatabaseKinds())('GET /api/user/export (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local', { PUBLIC_URL: publicUrl });
  const context = () => ({ app: media.app, db: media.db, config: media.config });

  it('downloads a JSON file with everything the user owns, in the documented shape', async () => {
    const referrer = await newUser(media.db);
    const account = await seedAccount(context(), { referrer });
    const referred = await seedAccount(context(), { referrer: account.user });

    const response = await account.client.inject({ method: 'GET', url: '/api/user/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="creator-studio-export-${account.user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const document = accountExportSchema.parse(response.json()) as AccountExport;

    expect(document.version).toBe(1);
    expect(document.profile).toMatchObject({
      id: account.user.id,
      username: account.user.username,
      email: account.user.email,
      displayName: 'Sunny Creator',
      bio: 'Golden hour, every hour.',
      tier: 'pro',
      hasPassword: true,
      pendingEmail: `new-${account.user.username}@example.com`,
      referralCode: account.user.referralCode,
    });
    expect(document.settings.theme).toBe('dark');
    expect(document.brandVoice).toMatchObject({
      signature: 'Sunny',
      promoLink: expect.stringMatching(/^@sunny_/),
      emojiLevel: 'medium',
      samples: ['Golden hour glow, as always ☀️'],
    });
    expect(document.signIns.sessions).toHaveLength(2);
    expect(document.signIns.socialAccounts).toEqual([
      expect.objectContaining({ provider: 'google', email: account.user.email }),
    ]);
    expect(document.redditAccounts).toHaveLength(1);
    expect(document.generations).toEqual([
      expect.objectContaining({
        prompt: 'beach sunset',
        titles: ['Golden hour at the beach'],
        content: 'Sun, sand and me.',
      }),
    ]);
    expect(document.savedContent).toEqual([
      expect.objectContaining({ title: 'Saved beach', generationId: document.generations[0]!.id }),
    ]);
    expect(document.scheduledPosts).toEqual([
      expect.objectContaining({
        subreddit: 'sunsets',
        titleFinal: 'Golden hour',
        status: 'pending',
        kind: 'image',
        seriesId: null,
      }),
      expect.objectContaining({
        subreddit: 'sunsets',
        titleFinal: 'Golden hour, again',
        seriesId: document.repostSeries[0]!.id,
      }),
    ]);
    expect(document.repostSeries).toEqual([
      expect.objectContaining({
        subreddits: ['sunsets'],
        titles: ['Golden hour', 'Golden hour, again'],
        everyDays: 7,
        status: 'active',
      }),
    ]);
    expect(document.analyticsEvents).toEqual([
      expect.objectContaining({ type: 'page_view', page: '/gallery' }),
    ]);
    expect(document.usageCounters).toEqual([expect.objectContaining({ scope: 'imageshield-try', count: 2 })]);
    expect(document.referrals.applied).toEqual([
      expect.objectContaining({ referralCode: referrer.referralCode, status: 'linked' }),
    ]);
    expect(document.referrals.referred).toEqual([{ status: 'linked', createdAt: expect.any(String) }]);

    // Each owned table with an export place contributes as many entries as the user has rows.
    const counts = await ownedRowCounts(media.db, account.user);
    const entriesOf: Partial<Record<keyof AccountExport, number>> = {
      generations: document.generations.length,
      savedContent: document.savedContent.length,
      media: document.media.length,
      scheduledPosts: document.scheduledPosts.length,
      repostSeries: document.repostSeries.length,
      redditAccounts: document.redditAccounts.length,
      analyticsEvents: document.analyticsEvents.length,
      usageCounters: document.usageCounters.length,
      leakCases: document.leakCases.length,
      imageCopies: document.imageCopies.length,
    };
    expect(document.leakCases).toEqual([
      expect.objectContaining({ workDescription: 'My golden hour photo.', hostName: 'leaks.example' }),
    ]);
    expect(document.takedownContact).toMatchObject({ legalName: 'Sunny Example', email: account.user.email });
    for (const [name, entry] of Object.entries(ownedTables)) {
      if (typeof entry.export === 'string' && entriesOf[entry.export] !== undefined) {
        expect(entriesOf[entry.export], name).toBe(counts[name]);
      }
    }

    // Nothing secret, nothing of the other person.
    for (const secret of account.secrets) expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(
      /passwordHash|tokenHash|refreshToken|visitorHash|stripe|copyPdqHashes/i,
    );
    expect(response.body).not.toContain(referred.user.email);
    expect(response.body).not.toContain(referred.user.id);
  });

  it('gives each photo working, absolute download links and its metadata', async () => {
    const account = await seedAccount(context());
    const document = (
      await account.client.inject({ method: 'GET', url: '/api/user/export' })
    ).json<AccountExport>();
    expect(document.media).toHaveLength(2);
    const [first] = document.media.filter((item) => item.id === account.assets[0]!.id);
    expect(first).toMatchObject({ filename: 'photo-0.png', mime: 'image/png', protectionLevel: 'standard' });
    expect(new Date(document.mediaLinksExpireAt).getTime()).toBeGreaterThan(Date.now());
    for (const url of [first!.downloadUrl, first!.thumbnailUrl!, first!.protectedDownloadUrl!]) {
      expect(url.startsWith(`${publicUrl}/api/media/${first!.id}/file/`)).toBe(true);
      // Signed links work without a session, as in a browser opening the file later.
      const file = await new TestClient(media.app).inject({
        method: 'GET',
        url: url.slice(publicUrl.length),
      });
      expect(file.statusCode, url).toBe(200);
      expect(file.rawPayload.length).toBeGreaterThan(0);
    }
    const original = await new TestClient(media.app).inject({
      method: 'GET',
      url: first!.downloadUrl.slice(publicUrl.length),
    });
    expect(original.headers['content-disposition']).toMatch(/^attachment/);
  });

  it("contains only the caller's data", async () => {
    const first = await seedAccount(context());
    const second = await seedAccount(context());
    const document = (
      await first.client.inject({ method: 'GET', url: '/api/user/export' })
    ).json<AccountExport>();
    const body = JSON.stringify(document);
    for (const marker of second.markers) expect(body).not.toContain(marker);
  });

  it('refuses a signed-out caller', async () => {
    const response = await new TestClient(media.app).inject({ method: 'GET', url: '/api/user/export' });
    expect(response.statusCode).toBe(401);
  });
});
