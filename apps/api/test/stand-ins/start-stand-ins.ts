import type { StandInOptions } from './oauth-provider-dialects.js';
import type { OAuthProviderStandIn } from './oauth-provider.js';
import type { OpenAiStandIn } from './openai.js';
import type { RedditStandIn } from './reddit.js';
import type { S3StandIn } from './s3.js';
import type { SmtpStandIn } from './smtp.js';
import type { StripeStandIn } from './stripe.js';

/** Which stand-in servers a test file needs; oauth takes one provider's options per server. */
export interface StandInRequest {
  reddit?: boolean;
  smtp?: boolean;
  stripe?: boolean;
  openai?: boolean;
  s3?: boolean;
  oauth?: StandInOptions[];
}

export interface StandIns {
  reddit?: RedditStandIn;
  smtp?: SmtpStandIn;
  stripe?: StripeStandIn;
  openai?: OpenAiStandIn;
  s3?: S3StandIn;
  oauth: OAuthProviderStandIn[];
}

/**
 * Starts the asked-for servers side by side; if one fails to start, those already up are closed.
 * Each is imported only when asked for: s3rver, smtp-server and mailparser would otherwise add
 * their load time to every test file.
 */
export async function startStandIns(request: StandInRequest): Promise<StandIns> {
  const oauth = request.oauth ?? [];
  const started = await Promise.allSettled([
    request.reddit ? import('./reddit.js').then((m) => m.RedditStandIn.start()) : undefined,
    request.smtp ? import('./smtp.js').then((m) => m.startSmtpStandIn()) : undefined,
    request.stripe ? import('./stripe.js').then((m) => m.StripeStandIn.start()) : undefined,
    request.openai ? import('./openai.js').then((m) => m.OpenAiStandIn.start()) : undefined,
    request.s3 ? import('./s3.js').then((m) => m.startS3StandIn()) : undefined,
    oauth.length
      ? import('./oauth-provider.js').then((m) =>
          Promise.all(oauth.map((options) => m.OAuthProviderStandIn.start(options))),
        )
      : [],
  ]);
  const values = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
  const [reddit, smtp, stripe, openai, s3, oauthServers] = values as [
    RedditStandIn?,
    SmtpStandIn?,
    StripeStandIn?,
    OpenAiStandIn?,
    S3StandIn?,
    OAuthProviderStandIn[]?,
  ];
  const standIns: StandIns = { reddit, smtp, stripe, openai, s3, oauth: oauthServers ?? [] };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await closeStandIns(standIns);
    throw failure.reason;
  }
  return standIns;
}

/** The variables that point the app at each running stand-in. */
export function standInEnvironment(standIns: StandIns): Record<string, string> {
  const { reddit, smtp, stripe, openai, s3, oauth } = standIns;
  return {
    // Reddit's OAuth redirect is built from PUBLIC_URL; tests reach the app by inject, so any origin does.
    ...(reddit && { ...reddit.env(), PUBLIC_URL: 'http://localhost:3000' }),
    ...(smtp && { SMTP_URL: smtp.url }),
    ...(stripe && { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_BASE: stripe.baseUrl }),
    ...(openai && { AI_BASE_URL: openai.baseUrl, AI_API_KEY: openai.apiKey }),
    ...s3?.environment,
    ...Object.assign({}, ...oauth.map((provider) => provider.env())),
  };
}

/** Each test starts from a stand-in without the last test's overrides, queued answers or records. */
export function resetStandIns({ reddit, openai, oauth }: StandIns) {
  reddit?.reset();
  openai?.reset();
  for (const provider of oauth) provider.reset();
}

export async function closeStandIns({ reddit, smtp, stripe, openai, s3, oauth }: StandIns) {
  await Promise.all([
    reddit?.close(),
    smtp?.close(),
    stripe?.close(),
    openai?.close(),
    s3?.close(),
    ...oauth.map((p) => p.close()),
  ]);
}
