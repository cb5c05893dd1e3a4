import type { SetupService, SetupServiceId } from '@app/shared/admin-setup';
import type { AppConfig, OAuthProviderName } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { ServiceFailureRow } from '../../db/schema/index.js';
import { formatUtcTime } from '@app/shared/utc-time';
import { listServiceOutcomes } from '../service-health/service-health.repo.js';
import { budgetKey } from '../reddit/reddit-rate-budget.js';
import { readBudget } from '../reddit/reddit-rate-budget.repo.js';

type ConfigPart = Pick<SetupService, 'id' | 'name' | 'summary' | 'steps' | 'docs'> & { configured: boolean };

const configurationDocs = 'README.md#configuration';
const restart = 'Restart the server so it reads the new variables.';
/** Only the address, never user:password or a query that may carry a key. */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured server';
  }
};
const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

function redditPosting(config: AppConfig): ConfigPart {
  const redirectUri = config.redditPosting?.redirectUri ?? `${config.publicUrl}/api/reddit/callback`;
  const keyNote = config.redditTokenKey
    ? 'refresh tokens are encrypted with REDDIT_TOKEN_KEY'
    : 'refresh tokens are encrypted with a key kept in the database (set REDDIT_TOKEN_KEY in production)';
  return {
    id: 'reddit-posting',
    name: 'Reddit posting',
    configured: Boolean(config.redditPosting),
    summary: config.redditPosting
      ? `Creators can link Reddit accounts and schedule posts; Reddit returns to ${redirectUri} and ${keyNote}.`
      : 'Posting to Reddit is off: no Reddit app credentials.',
    steps: [
      'Sign in to Reddit and open https://www.reddit.com/prefs/apps, then choose "create another app…".',
      `Choose the app type "web app" and set its redirect URI to exactly ${redirectUri} (set PUBLIC_URL, or REDDIT_REDIRECT_URL, first if that is not the address users open).`,
      'Set REDDIT_POSTING_CLIENT_ID to the id shown under the app\'s name and REDDIT_POSTING_CLIENT_SECRET to its "secret" (without them the REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET pair is used, but a Reddit app accepts one redirect URI, so Reddit sign-in then needs an app of its own).',
      "Set REDDIT_TOKEN_KEY to a random secret of at least 32 characters (openssl rand -base64 32); it encrypts linked accounts' refresh tokens, and changing it later means creators link their accounts again.",
      restart,
    ],
    docs: 'README.md#reddit-posting',
  };
}

function redditData(config: AppConfig): ConfigPart {
  const configured = Boolean(config.oauth.reddit);
  return {
    id: 'reddit-data',
    name: 'Reddit data refresh',
    configured,
    summary: configured
      ? "The communities database is refreshed from Reddit's API every day."
      : 'Community facts are not refreshed from Reddit: REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET are not set.',
    steps: [
      'Open https://www.reddit.com/prefs/apps and choose "create another app…".',
      `Choose the app type "web app" and set its redirect URI to ${config.publicUrl}/api/auth/reddit/callback (the same app then offers sign-in with Reddit).`,
      'Set REDDIT_CLIENT_ID to the id shown under the app\'s name and REDDIT_CLIENT_SECRET to its "secret".',
      `Set REDDIT_USER_AGENT to a description Reddit accepts, naming your Reddit user (now: ${config.reddit.userAgent}).`,
      restart,
    ],
    docs: configurationDocs,
  };
}

function stripe(config: AppConfig): ConfigPart {
  const missing = [
    config.billing.stripe ? null : 'STRIPE_SECRET_KEY',
    config.billing.publishableKey ? null : 'STRIPE_PUBLISHABLE_KEY',
    config.billing.webhookSecret ? null : 'STRIPE_WEBHOOK_SECRET',
  ].filter((name): name is string => name !== null);
  return {
    id: 'stripe',
    name: 'Stripe payments',
    configured: missing.length === 0,
    summary: !config.billing.stripe
      ? 'Card payments are off: STRIPE_SECRET_KEY is not set.'
      : missing.length > 0
        ? `Card payments are incomplete: ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} not set.`
        : 'Card payments are on, and Stripe tells the server about payments through its webhook.',
    steps: [
      'In the Stripe dashboard open Developers → API keys.',
      'Set STRIPE_SECRET_KEY to the secret key (sk_live_… or sk_test_…) and STRIPE_PUBLISHABLE_KEY to the publishable key (pk_…).',
      `Add a webhook endpoint at ${config.publicUrl}/api/stripe/webhook for the events invoice.paid, invoice.payment_succeeded, invoice.payment_failed, customer.subscription.created, customer.subscription.updated, customer.subscription.deleted and charge.refunded.`,
      "Set STRIPE_WEBHOOK_SECRET to that endpoint's signing secret (whsec_…); only the webhook changes a user's plan.",
      restart,
    ],
    docs: configurationDocs,
  };
}

function smtp(config: AppConfig): ConfigPart {
  return {
    id: 'smtp',
    name: 'E-mail (SMTP)',
    configured: true,
    summary: config.mail.smtpUrl
      ? `Mail is sent through ${hostOf(config.mail.smtpUrl)} from ${config.mail.from}.`
      : `Configured: writing mail to files, not sending (.eml files in the outbox folder under DATA_DIR).`,
    steps: [
      'Set SMTP_URL to your mail server, e.g. smtp://user:password@mail.example.com:587, or smtps://…:465 for TLS from the start.',
      'Set MAIL_FROM to an address that server may send from, e.g. Creator Studio <no-reply@example.com>.',
      restart,
    ],
    docs: configurationDocs,
  };
}

function ai(config: AppConfig): ConfigPart {
  const openai = config.ai.openai;
  return {
    id: 'ai',
    name: 'AI model',
    configured: true,
    summary: openai
      ? `Captions are written by ${openai.model} at ${hostOf(openai.baseUrl)}${openai.vision ? ', which also sees chosen photos' : ''}; when it fails the built-in writer answers.`
      : 'Configured: the built-in writer writes captions (offline and rule-based); no AI model is set.',
    steps: [
      'For a local model set AI_BASE_URL to an OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1 for Ollama.',
      'For a hosted model set AI_API_KEY (with AI_BASE_URL for a provider other than OpenAI).',
      "Set AI_MODEL to the model's exact name (e.g. llama3.1 or gpt-4o-mini), and AI_VISION=true if it accepts images.",
      restart,
    ],
    docs: 'README.md#use-an-ai-model',
  };
}

function storage(config: AppConfig): ConfigPart {
  const s3 = config.media.s3;
  return {
    id: 'storage',
    name: 'Media storage (S3)',
    configured: true,
    summary: s3
      ? `Media is kept in the S3 bucket ${s3.bucket} at ${s3.endpoint ? hostOf(s3.endpoint) : `AWS ${s3.region}`}.`
      : 'Configured: media is kept on local disk, in the media folder under DATA_DIR.',
    steps: [
      'Create a bucket in S3 or an S3-compatible store (MinIO, R2, …) and a key that may read, write and delete in it.',
      'Set S3_BUCKET, and S3_ENDPOINT for a store other than AWS, S3_REGION, and S3_FORCE_PATH_STYLE=false if the store wants bucket subdomains.',
      'Set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to that key.',
      restart,
    ],
    docs: configurationDocs,
  };
}

const providerNames: Record<OAuthProviderName, string> = {
  google: 'Google',
  facebook: 'Facebook',
  reddit: 'Reddit',
};

function signIn(config: AppConfig): ConfigPart {
  const all = Object.keys(providerNames) as OAuthProviderName[];
  const on = all.filter((name) => config.oauth[name]).map((name) => providerNames[name]);
  const off = all.filter((name) => !config.oauth[name]).map((name) => providerNames[name]);
  return {
    id: 'sign-in',
    name: 'Social sign-in',
    configured: on.length > 0,
    summary:
      on.length === 0
        ? 'Only e-mail and password sign-in: no Google, Facebook or Reddit app is set up.'
        : `Sign-in with ${listed(on)} is on${off.length ? `; ${listed(off)} ${off.length === 1 ? 'is' : 'are'} off` : ''}.`,
    steps: [
      `Google: create an OAuth client (type "Web application") in Google Cloud → APIs & Services → Credentials with the redirect URI ${config.publicUrl}/api/auth/google/callback, then set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.`,
      `Facebook: create an app at developers.facebook.com with Facebook Login, add ${config.publicUrl}/api/auth/facebook/callback as a valid OAuth redirect URI, then set FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET.`,
      `Reddit: create a "web app" at https://www.reddit.com/prefs/apps with the redirect URI ${config.publicUrl}/api/auth/reddit/callback, then set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET.`,
      restart,
    ],
    docs: configurationDocs,
  };
}

const parts: Array<(config: AppConfig) => ConfigPart> = [
  redditPosting,
  redditData,
  stripe,
  smtp,
  ai,
  storage,
  signIn,
];

/** Failing while the last error is newer than the last success; being set up does not change that. */
function withHealth({ configured, ...part }: ConfigPart, row: ServiceFailureRow | undefined): SetupService {
  const lastError =
    row?.lastErrorAt && row.lastError ? { at: row.lastErrorAt.toISOString(), message: row.lastError } : null;
  const failing = Boolean(row?.lastErrorAt && (!row.lastOkAt || row.lastErrorAt > row.lastOkAt));
  return { ...part, state: failing ? 'failing' : configured ? 'configured' : 'not-configured', lastError };
}

/** The server-wide Reddit allowance of one app (docs/decisions/038-reddit-rate-budget.md), in a sentence. */
async function allowanceLine(db: Database, clientId: string, config: AppConfig): Promise<string> {
  const state = await readBudget(db, budgetKey(clientId));
  const minutes = config.redditRateBudget.windowSeconds / 60;
  const window = Number.isInteger(minutes) ? `${minutes}-minute window` : 'window';
  if (!state)
    return `Reddit allowance: ${config.redditRateBudget.requests} calls per ${window}, none used yet.`;
  const left = Math.max(0, Math.floor(state.remaining));
  const refills =
    state.windowEndsAt > state.now ? ` (it refills by ${formatUtcTime(state.windowEndsAt)})` : '';
  return `Reddit allowance: ${left} of ${state.windowSize} left in this ${window}${refills}, shared by every creator on this server.`;
}

/** Which app's allowance each Reddit entry shows, when it is set up. */
const allowanceClient: Partial<Record<SetupServiceId, (config: AppConfig) => string | undefined>> = {
  'reddit-posting': (config) => config.redditPosting?.clientId,
  'reddit-data': (config) => config.oauth.reddit?.clientId,
};

export async function setupOverview(db: Database, config: AppConfig): Promise<{ services: SetupService[] }> {
  const outcomes = await listServiceOutcomes(db);
  const services = await Promise.all(
    parts.map(async (part) => {
      const described = part(config);
      const clientId = allowanceClient[described.id]?.(config);
      if (clientId && described.configured)
        described.summary = `${described.summary} ${await allowanceLine(db, clientId, config)}`;
      return withHealth(described, outcomes.get(described.id satisfies SetupServiceId));
    }),
  );
  return { services };
}
