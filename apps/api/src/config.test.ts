import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('needs no configuration: embedded defaults for everything', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.pgliteDataDir).toBe(path.join(path.resolve('./data'), 'db'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.databasePoolSize).toBe(10);
    expect(config.sessionCacheTtlMs).toBe(10_000);
  });

  it('uses PostgreSQL instead of PGlite when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/app' });
    expect(config.databaseUrl).toBe('postgres://u@127.0.0.1:5432/app');
    expect(config.pgliteDataDir).toBeUndefined();
  });

  it('treats empty variables as unset, as copied from .env.example', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', PUBLIC_URL: '', WEB_DIST_DIR: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('keeps media on local disk under DATA_DIR unless S3_BUCKET names a bucket', () => {
    const local = loadConfig({ DATA_DIR: '/srv/creator' });
    expect(local.media).toMatchObject({
      localDir: '/srv/creator/media',
      tempDir: '/srv/creator/tmp/uploads',
      s3: undefined,
      urlTtlSeconds: 3600,
    });
    const s3 = loadConfig({
      S3_BUCKET: 'creator-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3.media.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'creator-media',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('turns on secure cookies behind an https PUBLIC_URL and drops its trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://app.example.com/' });
    expect(config.publicUrl).toBe('https://app.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid environment variable PORT="abc": expected a port number/],
    [{ PORT: '70000' }, /PORT="70000": expected a port number between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL="mysql:\/\/x": expected a postgres:\/\/ connection URL/],
    [{ PUBLIC_URL: 'localhost' }, /PUBLIC_URL="localhost": expected a full URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL="loud": expected one of fatal/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY="yes": expected true or false/],
    [
      { MEDIA_URL_SECRET: 'short' },
      /MEDIA_URL_SECRET=\(hidden\): expected a random secret of at least 32 characters/,
    ],
    [
      { STRIPE_SECRET_KEY: 'pk_live_oops' },
      /^Invalid environment variable STRIPE_SECRET_KEY=\(hidden\): expected a Stripe secret key/,
    ],
    [{ STRIPE_WEBHOOK_SECRET: 'abc' }, /STRIPE_WEBHOOK_SECRET=\(hidden\): expected a webhook signing secret/],
    [{ STRIPE_API_BASE: 'api.stripe.com' }, /STRIPE_API_BASE="api.stripe.com": expected a full URL/],
    [{ MEDIA_URL_TTL_SECONDS: '5' }, /MEDIA_URL_TTL_SECONDS="5": expected at least 60 seconds/],
    [{ S3_ENDPOINT: 'minio 9000' }, /S3_ENDPOINT="minio 9000": expected a full URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE="0": expected at least 1 connection/],
    [{ SESSION_CACHE_TTL_MS: 'soon' }, /SESSION_CACHE_TTL_MS="soon": expected a number of milliseconds/],
    [
      { ENGAGEMENT_CHECK_MINUTES: '15;60' },
      /ENGAGEMENT_CHECK_MINUTES="15;60": expected up to 10 minute counts/,
    ],
    [
      { ENGAGEMENT_CHECK_MINUTES: '60,15' },
      /ENGAGEMENT_CHECK_MINUTES="60,15": expected minute counts above 0/,
    ],
  ])('stops with one line naming the bad variable: %o', (environment, expected) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(expected);
  });

  it('checks engagement at 15 min, 1 h, 6 h, 24 h and 72 h unless ENGAGEMENT_CHECK_MINUTES says otherwise', () => {
    expect(loadConfig({}).engagementCheckMinutes).toEqual([15, 60, 360, 1440, 4320]);
    expect(loadConfig({ ENGAGEMENT_CHECK_MINUTES: '0.1,30' }).engagementCheckMinutes).toEqual([0.1, 30]);
  });

  it('never repeats a secret value in its error', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk-not-really-a-key-1234' })).toThrow(
      /^(?!.*sk-not-really)/,
    );
  });

  it('leaves billing off without STRIPE_SECRET_KEY and points the SDK at STRIPE_API_BASE', () => {
    expect(loadConfig({}).billing).toEqual({
      stripe: undefined,
      publishableKey: undefined,
      webhookSecret: undefined,
    });
    const real = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(real.billing).toEqual({
      stripe: { secretKey: 'sk_test_abc', host: 'api.stripe.com', port: 443, protocol: 'https' },
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_abc',
    });
    const standIn = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(standIn.billing.stripe).toMatchObject({ host: '127.0.0.1', port: 12111, protocol: 'http' });
  });
});
