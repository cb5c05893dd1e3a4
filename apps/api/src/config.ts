import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = z.url({ message: 'a full URL such as https://example.com' }).optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'true or false' })
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads. Defaults need no configuration at all. */
const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ message: 'a port number' })
    .int({ message: 'a whole port number' })
    .min(0, { message: 'a port number between 0 and 65535' })
    .max(65535, { message: 'a port number between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1, { message: 'a host name or address' }).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1, { message: 'a directory path' }).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'a postgres:// connection URL' })
    .optional(),
  // Connections per process; PostgreSQL does best with about twice its cores in all (docs/load-testing.md).
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'a number of connections' })
    .int({ message: 'a whole number of connections' })
    .min(1, { message: 'at least 1 connection' })
    .max(200, { message: 'at most 200 connections' })
    .default(10),
  TRUST_PROXY: booleanFlag.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number({ message: 'a number of bytes' })
    .int({ message: 'a whole number of bytes' })
    .positive({ message: 'a positive number of bytes' })
    .default(1_048_576),
  // A client must send all its headers within this time (a request trickled in byte by byte is cut).
  HEADERS_TIMEOUT_MS: z.coerce
    .number({ message: 'a number of milliseconds' })
    .int({ message: 'a whole number of milliseconds' })
    .min(1000, { message: 'at least 1000 milliseconds' })
    .default(20_000),
  // Silence allowed while a request body arrives: a slow upload goes on as long as bytes keep coming.
  BODY_IDLE_TIMEOUT_MS: z.coerce
    .number({ message: 'a number of milliseconds' })
    .int({ message: 'a whole number of milliseconds' })
    .min(1000, { message: 'at least 1000 milliseconds' })
    .default(30_000),
  // Longest time to receive a whole request, however steadily it arrives: the last resort against a trickle.
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ message: 'a number of milliseconds' })
    .int({ message: 'a whole number of milliseconds' })
    .min(1000, { message: 'at least 1000 milliseconds' })
    .default(1_800_000),
  // How long a process may use a signed-in session from memory (decision 017); 0 turns it off.
  SESSION_CACHE_TTL_MS: z.coerce
    .number({ message: 'a number of milliseconds' })
    .int({ message: 'a whole number of milliseconds' })
    .min(0, { message: 'zero or more milliseconds' })
    .max(60_000, { message: 'at most 60000 milliseconds' })
    .default(10_000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, {
      message: 'an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Creator Studio <no-reply@creator-studio.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZE_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/v19.0/me'),
  REDDIT_CLIENT_ID: z.string().optional(),
  REDDIT_CLIENT_SECRET: z.string().optional(),
  REDDIT_AUTH_BASE_URL: z.url().default('https://www.reddit.com'),
  REDDIT_API_BASE_URL: z.url().default('https://oauth.reddit.com'),
  REDDIT_USER_AGENT: z.string().min(1).default('web:creator-studio:1.0 (by /u/creator-studio)'),
  REDDIT_POSTING_CLIENT_ID: z.string().optional(),
  REDDIT_POSTING_CLIENT_SECRET: z.string().optional(),
  REDDIT_REDIRECT_URL: optionalUrl,
  REDDIT_TOKEN_KEY: z
    .string()
    .min(32, { message: 'a random secret of at least 32 characters (e.g. openssl rand -base64 32)' })
    .optional(),
  REDDIT_RATE_BUDGET_REQUESTS: z.coerce
    .number({ message: 'a number of Reddit calls' })
    .int({ message: 'a whole number of Reddit calls' })
    .min(1, { message: 'at least 1' })
    .default(1000),
  REDDIT_RATE_BUDGET_WINDOW_SECONDS: z.coerce
    .number({ message: 'a number of seconds' })
    .int({ message: 'a whole number of seconds' })
    .min(1, { message: 'at least 1' })
    .max(3600, { message: 'at most 3600' })
    .default(600),
  POST_SENDER_CONCURRENCY: z.coerce
    .number({ message: 'a number of posts' })
    .int({ message: 'a whole number of posts' })
    .min(1, { message: 'at least 1' })
    .max(64, { message: 'at most 64' })
    .default(8),
  // When each sent post's engagement is checked, in minutes after sending (fewer checks spend less of
  // Reddit's allowance; the journeys use fractions of a minute to see a removal within one run).
  ENGAGEMENT_CHECK_MINUTES: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?){0,9}$/, {
      message: 'up to 10 minute counts separated by commas, such as 15,60,360,1440,4320',
    })
    .transform((text) => text.split(',').map(Number))
    .refine(
      (minutes) => minutes.every((value, index) => value > 0 && (index === 0 || value > minutes[index - 1]!)),
      {
        message: 'minute counts above 0, each larger than the one before, such as 15,60,360,1440,4320',
      },
    )
    .default([15, 60, 360, 1440, 4320]),
  ADMIN_EMAIL: z.email({ message: 'an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: 'a password of at least 8 characters' }).optional(),
  ADMIN_USERNAME: z.string().min(3).max(49).default('admin'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(3, { message: 'a bucket name' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  MEDIA_URL_SECRET: z.string().min(32, { message: 'a random secret of at least 32 characters' }).optional(),
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number({ message: 'a number of seconds' })
    .int({ message: 'a whole number of seconds' })
    .min(60, { message: 'at least 60 seconds' })
    .max(7 * 24 * 3600, { message: 'at most 604800 seconds (7 days)' })
    .default(3600),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z
    .string()
    .min(1, { message: 'a model name such as gpt-4o-mini or llama3.1' })
    .default('gpt-4o-mini'),
  // Whether AI_MODEL accepts images: a chosen gallery photo is then sent with the prompt (small, without metadata).
  AI_VISION: booleanFlag.default(false),
  AI_TIMEOUT_MS: z.coerce
    .number({ message: 'a number of milliseconds' })
    .int({ message: 'a whole number of milliseconds' })
    .min(1000, { message: 'at least 1000 milliseconds' })
    .max(120_000, { message: 'at most 120000 milliseconds (2 minutes)' })
    .default(20_000),
  AI_CACHE_TTL_SECONDS: z.coerce
    .number({ message: 'a number of seconds' })
    .int({ message: 'a whole number of seconds' })
    .min(0, { message: '0 (no cache) or more seconds' })
    .max(86_400, { message: 'at most 86400 seconds (a day)' })
    .default(600),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, { message: 'a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…)' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, { message: 'a Stripe publishable key (pk_test_… or pk_live_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { message: "a webhook signing secret (whsec_…) from Stripe's dashboard or CLI" })
    .optional(),
  STRIPE_API_BASE: z
    .url({ message: 'a full URL such as https://api.stripe.com' })
    .default('https://api.stripe.com'),
  ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_SESSION: z.coerce
    .number({ message: 'a number of requests' })
    .int({ message: 'a whole number of requests' })
    .min(1, { message: 'at least 1' })
    .default(120),
  ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_IP: z.coerce
    .number({ message: 'a number of requests' })
    .int({ message: 'a whole number of requests' })
    .min(1, { message: 'at least 1' })
    .default(1200),
  ANALYTICS_WRITES_IN_FLIGHT: z.coerce
    .number({ message: 'a number of writes' })
    .int({ message: 'a whole number of writes' })
    .min(1, { message: 'at least 1' })
    .default(2),
  ANALYTICS_BATCHES_PER_WRITE: z.coerce
    .number({ message: 'a number of batches' })
    .int({ message: 'a whole number of batches' })
    .min(1, { message: 'at least 1' })
    .max(1000, { message: 'at most 1000' })
    .default(200),
  // Account requests that send mail (decision 018): strict by default, raised only where tests need it.
  AUTH_SIGNUPS_PER_HOUR_PER_IP: z.coerce
    .number({ message: 'a number of signups' })
    .int({ message: 'a whole number of signups' })
    .min(1, { message: 'at least 1' })
    .default(10),
  AUTH_MAIL_REQUESTS_PER_HOUR_PER_IP: z.coerce
    .number({ message: 'a number of requests' })
    .int({ message: 'a whole number of requests' })
    .min(1, { message: 'at least 1' })
    .default(10),
  AUTH_MAILS_PER_HOUR_PER_ADDRESS: z.coerce
    .number({ message: 'a number of mails' })
    .int({ message: 'a whole number of mails' })
    .min(1, { message: 'at least 1' })
    .default(3),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface AppConfig {
  env: Environment['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  /** Secure cookies and HSTS only make sense when users reach us over HTTPS. */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** undefined keeps PGlite in memory (tests); otherwise its files live here. */
  pgliteDataDir: string | undefined;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** How long a client may take to send headers, stay silent mid-body, and send a whole request (docs/decisions/022-hostile-input.md). */
  timeouts: { headersMs: number; bodyIdleMs: number; requestMs: number };
  sessionCacheTtlMs: number;
  databasePoolSize: number;
  logLevel: Environment['LOG_LEVEL'];
  webDistDir: string;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  oauth: Partial<Record<OAuthProviderName, OAuthProviderConfig>>;
  reddit: { authBaseUrl: string; apiBaseUrl: string; userAgent: string };
  /** Linking Reddit accounts and posting for users; undefined without Reddit app credentials. */
  redditPosting: RedditPostingConfig | undefined;
  /** Encrypts stored Reddit refresh tokens; when unset, a random key is kept in the database. */
  redditTokenKey: string | undefined;
  /**
   * Reddit's allowance per OAuth client until its headers say otherwise: `requests` calls per
   * `windowSeconds`, shared by every process (docs/decisions/038-reddit-rate-budget.md).
   */
  redditRateBudget: { requests: number; windowSeconds: number };
  /** Posts one sender process sends at the same time. */
  postSenderConcurrency: number;
  /** Engagement checks after sending, in minutes. */
  engagementCheckMinutes: readonly number[];
  /** Set when ADMIN_EMAIL and ADMIN_PASSWORD are: that admin is created or updated at start-up. */
  admin: { email: string; password: string; username: string } | undefined;
  media: MediaConfig;
  ai: AiConfig;
  billing: BillingConfig;
  analytics: AnalyticsConfig;
  authLimits: AuthLimitsConfig;
}

/**
 * Per hour: signups one address (IP) may make, forgot-password and resend-verification requests it
 * may make (each), and mails of each kind one e-mail address may be sent (decision 018).
 */
export interface AuthLimitsConfig {
  signupsPerIp: number;
  mailRequestsPerIp: number;
  mailsPerAddress: number;
}

/** POST /api/analytics/events: batches (requests) one browser session or one address may send per minute. */
export interface AnalyticsConfig {
  maxBatchesPerMinutePerSession: number;
  maxBatchesPerMinutePerIp: number;
  /** Group commits (lib/group-commit.ts) one process runs at the same time. */
  maxConcurrentWrites: number;
  /** Requests (batches) one group commit holds at most. */
  maxBatchesPerWrite: number;
}

export interface BillingConfig {
  /** undefined without STRIPE_SECRET_KEY: billing calls answer 503 PAYMENT_NOT_CONFIGURED. */
  stripe: StripeApiConfig | undefined;
  /** Handed to the browser (GET /api/billing/config) for Stripe.js. */
  publishableKey: string | undefined;
  /** Verifies webhook signatures; without it the webhook answers 503. */
  webhookSecret: string | undefined;
}

export interface StripeApiConfig {
  secretKey: string;
  /** Where the SDK sends requests: api.stripe.com, or a local stand-in in tests. */
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface AiConfig {
  /** The built-in writer unless AI_BASE_URL or AI_API_KEY names an OpenAI-compatible service. */
  provider: 'offline' | 'openai-compatible';
  openai:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        timeoutMs: number;
        /** AI_VISION: the model is sent the chosen gallery photo as an image. */
        vision: boolean;
      }
    | undefined;
  /** Identical requests within this many seconds are answered from the cache; 0 turns it off. */
  cacheTtlSeconds: number;
}

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface MediaConfig {
  /** Files live here on local disk unless `s3` is set. */
  localDir: string;
  /** Uploads are written and processed here before they are stored (always local disk). */
  tempDir: string;
  /** Object storage, when S3_BUCKET is set. */
  s3: S3Config | undefined;
  /** Signs media URLs; when unset, a random secret is kept in the database (shared by every process). */
  urlSecret: string | undefined;
  urlTtlSeconds: number;
}

export interface RedditPostingConfig {
  clientId: string;
  clientSecret: string;
  /** Reddit's app settings must list exactly this redirect URI. */
  redirectUri: string;
}

export type OAuthProviderName = 'google' | 'facebook' | 'reddit';
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

/** A provider is enabled only when both its client id and secret are configured. */
function oauthProviders(env: Environment): AppConfig['oauth'] {
  const providers: AppConfig['oauth'] = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.google = {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authorizeUrl: env.GOOGLE_AUTHORIZE_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      userinfoUrl: env.GOOGLE_USERINFO_URL,
    };
  }
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    providers.facebook = {
      clientId: env.FACEBOOK_CLIENT_ID,
      clientSecret: env.FACEBOOK_CLIENT_SECRET,
      authorizeUrl: env.FACEBOOK_AUTHORIZE_URL,
      tokenUrl: env.FACEBOOK_TOKEN_URL,
      userinfoUrl: env.FACEBOOK_USERINFO_URL,
    };
  }
  if (env.REDDIT_CLIENT_ID && env.REDDIT_CLIENT_SECRET) {
    const auth = env.REDDIT_AUTH_BASE_URL.replace(/\/$/, '');
    providers.reddit = {
      clientId: env.REDDIT_CLIENT_ID,
      clientSecret: env.REDDIT_CLIENT_SECRET,
      authorizeUrl: `${auth}/api/v1/authorize`,
      tokenUrl: `${auth}/api/v1/access_token`,
      userinfoUrl: `${env.REDDIT_API_BASE_URL.replace(/\/$/, '')}/api/v1/me`,
    };
  }
  return providers;
}

/**
 * A Reddit app accepts one redirect URI, so posting may use an app of its own
 * (REDDIT_POSTING_CLIENT_*); otherwise the sign-in app's credentials are used.
 */
function redditPostingConfig(env: Environment, publicUrl: string): RedditPostingConfig | undefined {
  const clientId = env.REDDIT_POSTING_CLIENT_ID ?? env.REDDIT_CLIENT_ID;
  const clientSecret = env.REDDIT_POSTING_CLIENT_SECRET ?? env.REDDIT_CLIENT_SECRET;
  if (!clientId || !clientSecret) return undefined;
  return {
    clientId,
    clientSecret,
    redirectUri: env.REDDIT_REDIRECT_URL ?? `${publicUrl}/api/reddit/callback`,
  };
}

function aiConfig(env: Environment): AiConfig {
  const enabled = Boolean(env.AI_BASE_URL || env.AI_API_KEY);
  return {
    provider: enabled ? 'openai-compatible' : 'offline',
    openai: enabled
      ? {
          baseUrl: (env.AI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/$/, ''),
          apiKey: env.AI_API_KEY,
          model: env.AI_MODEL,
          timeoutMs: env.AI_TIMEOUT_MS,
          vision: env.AI_VISION,
        }
      : undefined,
    cacheTtlSeconds: env.AI_CACHE_TTL_SECONDS,
  };
}

function billingConfig(env: Environment): BillingConfig {
  const base = new URL(env.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return {
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          host: base.hostname,
          port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
          protocol,
        }
      : undefined,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
  };
}

export class ConfigError extends Error {}

const secretVariable = /SECRET|PASSWORD|_KEY$/;

/** Parses the environment once at start-up; the first bad variable is reported by name. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (e.g. copied from .env.example) means "use the default".
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = environmentSchema.safeParse(defined);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    // Secrets are named, never echoed: start-up errors end up in logs.
    const shown = secretVariable.test(variable) ? '(hidden)' : JSON.stringify(source[variable] ?? '');
    throw new ConfigError(`Invalid environment variable ${variable}=${shown}: expected ${issue.message}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteDataDir: env.DATABASE_URL ? undefined : path.join(dataDir, 'db'),
    trustProxy: env.TRUST_PROXY,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    timeouts: {
      headersMs: env.HEADERS_TIMEOUT_MS,
      bodyIdleMs: env.BODY_IDLE_TIMEOUT_MS,
      requestMs: Math.max(env.REQUEST_TIMEOUT_MS, env.HEADERS_TIMEOUT_MS),
    },
    sessionCacheTtlMs: env.SESSION_CACHE_TTL_MS,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    oauth: oauthProviders(env),
    reddit: {
      authBaseUrl: env.REDDIT_AUTH_BASE_URL.replace(/\/$/, ''),
      apiBaseUrl: env.REDDIT_API_BASE_URL.replace(/\/$/, ''),
      userAgent: env.REDDIT_USER_AGENT,
    },
    redditPosting: redditPostingConfig(env, publicUrl),
    redditTokenKey: env.REDDIT_TOKEN_KEY,
    redditRateBudget: {
      requests: env.REDDIT_RATE_BUDGET_REQUESTS,
      windowSeconds: env.REDDIT_RATE_BUDGET_WINDOW_SECONDS,
    },
    postSenderConcurrency: env.POST_SENDER_CONCURRENCY,
    engagementCheckMinutes: env.ENGAGEMENT_CHECK_MINUTES,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, username: env.ADMIN_USERNAME }
        : undefined,
    media: {
      localDir: path.join(dataDir, 'media'),
      tempDir: path.join(dataDir, 'tmp', 'uploads'),
      s3: env.S3_BUCKET
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
      urlSecret: env.MEDIA_URL_SECRET,
      urlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
    },
    ai: aiConfig(env),
    billing: billingConfig(env),
    analytics: {
      maxBatchesPerMinutePerSession: env.ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_SESSION,
      maxBatchesPerMinutePerIp: env.ANALYTICS_MAX_BATCHES_PER_MINUTE_PER_IP,
      maxConcurrentWrites: env.ANALYTICS_WRITES_IN_FLIGHT,
      maxBatchesPerWrite: env.ANALYTICS_BATCHES_PER_WRITE,
    },
    authLimits: {
      signupsPerIp: env.AUTH_SIGNUPS_PER_HOUR_PER_IP,
      mailRequestsPerIp: env.AUTH_MAIL_REQUESTS_PER_HOUR_PER_IP,
      mailsPerAddress: env.AUTH_MAILS_PER_HOUR_PER_ADDRESS,
    },
  };
}
