import { describe, expect, it } from 'vitest';
import { defaultUserSettings, watermarkTextErrors } from '@app/shared/settings';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';

describe.each(testDatabaseKinds())('user settings (%s)', (kind) => {
  const testApp = useTestApp(kind);

  const signIn = async () => signedInClient(testApp.app(), testApp.db(), await newUser(testApp.db()));

  it('answers the spec defaults before anything was saved', async () => {
    const client = await signIn();
    const response = await client.inject({ method: 'GET', url: '/api/user/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ settings: defaultUserSettings });
  });

  it('saves a partial change and answers the whole settings', async () => {
    const client = await signIn();
    const response = await client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { theme: 'dark', defaultPlatform: 'instagram' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toEqual({
      ...defaultUserSettings,
      theme: 'dark',
      defaultPlatform: 'instagram',
    });
    const second = await client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { autoSave: false },
    });
    expect(second.json().settings).toMatchObject({ theme: 'dark', autoSave: false });
  });

  it('accepts TikTok as the default platform, and refuses a platform it does not know', async () => {
    const client = await signIn();
    const saved = await client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { defaultPlatform: 'tiktok' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.defaultPlatform).toBe('tiktok');
    const read = await client.inject({ method: 'GET', url: '/api/user/settings' });
    expect(read.json().settings.defaultPlatform).toBe('tiktok');
    const refused = await client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { defaultPlatform: 'myspace' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Default platform must be reddit, twitter, instagram or tiktok');
  });

  it("never shows one user's settings to another", async () => {
    const first = await signIn();
    const second = await signIn();
    await first.inject({ method: 'PATCH', url: '/api/user/settings', payload: { emailUpdates: false } });
    const response = await second.inject({ method: 'GET', url: '/api/user/settings' });
    expect(response.json().settings.emailUpdates).toBe(true);
  });

  it('refuses signed-out callers with 401 and the spec message', async () => {
    const anonymous = new TestClient(testApp.app());
    const read = await anonymous.inject({ method: 'GET', url: '/api/user/settings' });
    expect(read.statusCode).toBe(401);
    expect(read.json().message).toBe('Access token required');
    const write = await anonymous.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { theme: 'dark' },
    });
    expect(write.statusCode).toBe(401);
  });

  describe('watermark text', () => {
    const patch = (client: TestClient, watermarkText: unknown) =>
      client.inject({ method: 'PATCH', url: '/api/user/settings', payload: { watermarkText } });
    const saved = async (client: TestClient) =>
      (await client.inject({ method: 'GET', url: '/api/user/settings' })).json().settings.watermarkText;

    it("saves a paid plan's text trimmed, and empty goes back to the username mark", async () => {
      const client = await signedInClient(
        testApp.app(),
        testApp.db(),
        await newUser(testApp.db(), { tier: 'starter' }),
      );
      const response = await patch(client, '  Jane   Doe Photos ');
      expect(response.statusCode).toBe(200);
      expect(response.json().settings).toEqual({ ...defaultUserSettings, watermarkText: 'Jane Doe Photos' });
      expect(await saved(client)).toBe('Jane Doe Photos');
      expect((await patch(client, '')).json().settings.watermarkText).toBeNull();
      expect(await saved(client)).toBeNull();
    });

    it.each([
      ['x'.repeat(41), watermarkTextErrors.tooLong],
      ['Jane 🔥', watermarkTextErrors.characters],
      ['onlyfans.com/jane', watermarkTextErrors.link],
      ['https://example.org', watermarkTextErrors.link],
      [42, watermarkTextErrors.notString],
    ])('refuses %j with 400 and a message, changing nothing', async (text, message) => {
      const client = await signedInClient(
        testApp.app(),
        testApp.db(),
        await newUser(testApp.db(), { tier: 'pro' }),
      );
      await patch(client, 'Jane');
      const response = await patch(client, text);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
      expect(await saved(client)).toBe('Jane');
    });

    it('refuses Free users with 403 and the upgrade path, but lets them clear it', async () => {
      const client = await signIn();
      const response = await patch(client, 'Jane');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(watermarkTextErrors.freePlan);
      expect(response.json().message).toContain('Upgrade to Starter or Pro in Settings');
      expect(await saved(client)).toBeNull();
      expect((await patch(client, null)).statusCode).toBe(200);
    });
  });
});
