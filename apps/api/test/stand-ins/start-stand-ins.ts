import type { StandInOptions } from './oauth-provider-dialects.js';
import { OAuthProviderStandIn } from './oauth-provider.js';
import { OpenAiStandIn } from './openai.js';
import { RedditStandIn } from './reddit.js';
import { startS3StandIn, type S3StandIn } from './s3.js';
import { startSmtpStandIn, type SmtpStandIn } from './smtp.js';
import { StripeStandIn } from './stripe.js';

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

/** Starts the asked-for servers side by side; if one fails to start, those already up are closed. */
export async function startStandIns(request: StandInRequest): Promise<StandIns> {
  const started = await Promise.allSettled([
    request.reddit ? RedditStandIn.start() : undefined,
    request.smtp ? startSmtpStandIn() : undefined,
    request.stripe ? StripeStandIn.start() : undefined,
    request.openai ? OpenAiStandIn.start() : undefined,
    request.s3 ? startS3StandIn() : undefined,
    Promise.all((request.oauth ?? []).map((options) => OAuthProviderStandIn.start(options))),
  ]);
  const values = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
  const [reddit, smtp, stripe, openai, s3, oauth] = values as [
    RedditStandIn?, SmtpStandIn?, StripeStandIn?, OpenAiStandIn?, S3StandIn?, OAuthProviderStandIn[]?,
  ];
  const standIns: StandIns = { reddit, smtp, stripe, openai, s3, oauth: oauth ?? [] };
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
  await Promise.all([reddit?.close(), smtp?.close(), stripe?.close(), openai?.close(), s3?.close(), ...oauth.map((p) => p.close())]);
}
