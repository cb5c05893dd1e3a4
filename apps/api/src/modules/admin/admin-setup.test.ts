import { describe, expect, it } from 'vitest';
import type { AdminSetupResponse, SetupService, SetupServiceId } from '@app/shared/admin-setup';
import { errorCodes } from '@app/shared/errors';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { TestClient } from '../../../test/test-client.js';
import { recordServiceOutcome } from '../service-health/service-health.repo.js';
import { watchedMailer } from '../service-health/watched-services.js';
import { budgetKey, createRedditRateBudget } from '../reddit/reddit-rate-budget.js';

const secrets = {
  REDDIT_CLIENT_SECRET: 'reddit-SECRETVALUE-data',
  REDDIT_POSTING_CLIENT_SECRET: 'reddit-SECRETVALUE-posting',
  REDDIT_TOKEN_KEY: 'token-key-SECRETVALUE-0123456789abcdef',
  STRIPE_SECRET_KEY: 'sk_live_SECRETVALUE',
  STRIPE_WEBHOOK_SECRET: 'whsec_SECRETVALUE',
  SMTP_URL: 'smtp://mailer:SECRETVALUE@mail.example.com:587',
  AI_API_KEY: 'sk-ai-SECRETVALUE',
  S3_SECRET_ACCESS_KEY: 's3-SECRETVALUE',
  GOOGLE_CLIENT_SECRET: 'google-SECRETVALUE',
};

async function setupOf(client: TestClient) {
  const response = await client.inject({ method: 'GET', url: '/api/admin/setup' });
  expect(response.statusCode).toBe(200);
  const body = response.json<AdminSetupResponse>();
  return {
    raw: response.body,
    service: (id: SetupServiceId) => body.services.find((service) => service.id === id)!,
    ids: body.services.map((service) => service.id),
  };
}

describe.each(testDatabaseKinds())('admin setup, default install (%s)', (kind) => {
  const testApp = useTestApp(kind);

  it('answers 401 signed out and 403 to non-admins', async () => {
    const anonymous = new TestClient(testApp.app());
    expect((await anonymous.inject({ method: 'GET', url: '/api/admin/setup' })).statusCode).toBe(401);
    const { client } = await testApp.signedIn();
    const refused = await client.inject({ method: 'GET', url: '/api/admin/setup' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: errorCodes.forbidden });
  });

  it('lists every service: posting, data, Stripe and sign-in off; mail to files, built-in writer, local disk', async () => {
    const { client } = await testApp.signedIn({ isAdmin: true });
    const { service, ids, raw } = await setupOf(client);
    // An admin page still names no folder of the server: the paths are said relative to DATA_DIR.
    expect(raw).not.toContain(testApp.config().dataDir);
    expect(ids).toEqual(['reddit-posting', 'reddit-data', 'stripe', 'smtp', 'ai', 'storage', 'sign-in']);
    const posting = service('reddit-posting');
    expect(posting).toMatchObject({
      state: 'not-configured',
      summary: 'Posting to Reddit is off: no Reddit app credentials.',
      lastError: null,
      docs: 'README.md#reddit-posting',
    });
    const redirect = `${testApp.config().publicUrl}/api/reddit/callback`;
    expect(posting.steps.join('\n')).toContain(`"web app" and set its redirect URI to exactly ${redirect}`);
    expect(posting.steps.join('\n')).toMatch(/REDDIT_POSTING_CLIENT_ID.*REDDIT_POSTING_CLIENT_SECRET/);
    expect(posting.steps.join('\n')).toContain('REDDIT_TOKEN_KEY');
    expect(service('reddit-data').state).toBe('not-configured');
    expect(service('stripe')).toMatchObject({
      state: 'not-configured',
      summary: 'Card payments are off: STRIPE_SECRET_KEY is not set.',
    });
    expect(service('sign-in').state).toBe('not-configured');
    expect(service('smtp').state).toBe('configured');
    expect(service('smtp').summary).toBe(
      'Configured: writing mail to files, not sending (.eml files in the outbox folder under DATA_DIR).',
    );
    expect(service('ai')).toMatchObject({ state: 'configured', docs: 'README.md#use-an-ai-model' });
    expect(service('ai').summary).toContain('the built-in writer writes captions');
    expect(service('storage').state).toBe('configured');
    expect(service('storage').summary).toBe(
      'Configured: media is kept on local disk, in the media folder under DATA_DIR.',
    );
  });

  it('shows a service failing with its last error until it works again; recording never throws', async () => {
    const { client } = await testApp.signedIn({ isAdmin: true });
    await recordServiceOutcome(testApp.db(), 'stripe', {
      error: `Stripe refused the request: Invalid API Key provided: ${secrets.STRIPE_SECRET_KEY}`,
    });
    const failing = (await setupOf(client)).service('stripe');
    expect(failing.state).toBe('failing');
    expect(failing.lastError?.message).toBe('Stripe refused the request: Invalid API Key provided: sk_…');
    expect(Date.now() - Date.parse(failing.lastError!.at)).toBeLessThan(60_000);

    await recordServiceOutcome(testApp.db(), 'stripe', { error: 'x'.repeat(2000) });
    expect((await setupOf(client)).service('stripe').lastError?.message).toHaveLength(500);

    await recordServiceOutcome(testApp.db(), 'stripe', 'ok');
    const recovered = (await setupOf(client)).service('stripe');
    expect(recovered.state).toBe('not-configured');
    expect(recovered.lastError?.message).toHaveLength(500);

    const broken = {
      insert: () => {
        throw new Error('database gone');
      },
    } as never;
    await expect(recordServiceOutcome(broken, 'ai', { error: 'down' })).resolves.toBeUndefined();
  });

  it('notes a mail that could not be sent, and hands the error on to the sender', async () => {
    const { client } = await testApp.signedIn({ isAdmin: true });
    const failingMailer = watchedMailer(
      {
        send: () =>
          Promise.reject(new Error('Invalid login: 535 for smtp://mailer:SECRETVALUE@mail.example.com')),
      },
      testApp.db(),
      testApp.app().log,
    );
    await expect(failingMailer.send({ to: 'a@b.c', subject: 's', text: 't', html: 'h' })).rejects.toThrow(
      'Invalid login',
    );
    const { service, raw } = await setupOf(client);
    expect(service('smtp').state).toBe('failing');
    expect(service('smtp').lastError?.message).toBe(
      'Sending mail failed: Invalid login: 535 for smtp://…@mail.example.com',
    );
    expect(raw).not.toContain('SECRETVALUE');
  });
});

describe.each(testDatabaseKinds())('admin setup, every service configured (%s)', (kind) => {
  const testApp = useTestApp(kind, {
    env: {
      PUBLIC_URL: 'https://studio.example.com',
      REDDIT_CLIENT_ID: 'reddit-data-id',
      REDDIT_POSTING_CLIENT_ID: 'reddit-posting-id',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_public',
      S3_BUCKET: 'studio-media',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      GOOGLE_CLIENT_ID: 'google-id',
      AI_MODEL: 'gpt-4o-mini',
      ...secrets,
    },
  });

  it('says each is configured, naming hosts but never a secret', async () => {
    const { client } = await testApp.signedIn({ isAdmin: true });
    const { service, raw, ids } = await setupOf(client);
    for (const id of ids) expect(service(id).state, id).toBe('configured');
    expect(service('reddit-posting').summary).toContain('https://studio.example.com/api/reddit/callback');
    expect(service('smtp').summary).toBe(
      'Mail is sent through mail.example.com:587 from Creator Studio <no-reply@creator-studio.local>.',
    );
    expect(service('ai').summary).toContain('gpt-4o-mini at api.openai.com');
    expect(service('storage').summary).toBe('Media is kept in the S3 bucket studio-media at s3.example.com.');
    expect(service('sign-in').summary).toBe('Sign-in with Google and Reddit is on; Facebook is off.');
    expect(raw).not.toContain('SECRETVALUE');
    for (const value of Object.values(secrets)) expect(raw).not.toContain(value);
  });

  it("shows each Reddit app's server-wide allowance: what is left in the window, or that none is used yet", async () => {
    const { client } = await testApp.signedIn({ isAdmin: true });
    const budget = createRedditRateBudget(testApp.db(), 'reddit-posting-id', {
      requests: 1000,
      windowSeconds: 600,
    });
    expect((await budget.spend(1, 588)).go).toBe(true);
    const { service, raw } = await setupOf(client);
    expect(service('reddit-posting').summary).toMatch(
      /Reddit allowance: 412 of 1000 left in this 10-minute window \(it refills by .+ UTC\), shared by every creator on this server\.$/,
    );
    expect(service('reddit-data').summary).toMatch(
      /Reddit allowance: 1000 calls per 10-minute window, none used yet\.$/,
    );
    expect(raw).not.toContain(budgetKey('reddit-posting-id'));
  });

  it('names the webhook address under PUBLIC_URL in the Stripe steps', async () => {
    const { client } = await testApp.signedIn({ isAdmin: true });
    const stripe: SetupService = (await setupOf(client)).service('stripe');
    expect(stripe.steps.join('\n')).toContain('https://studio.example.com/api/stripe/webhook');
  });
});
