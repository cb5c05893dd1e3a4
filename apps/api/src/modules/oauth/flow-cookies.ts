import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthProvider } from '@app/shared/auth';
import type { AppConfig } from '../../config.js';

export const flowCookieNames = {
  state: 'oauth_state',
  codeVerifier: 'oauth_code_verifier',
  returnTo: 'oauth_return_to',
} as const;

const flowLifetimeSeconds = 10 * 60;
const maxReturnToLength = 512;

/**
 * Lax, so they come back on the provider's top-level redirect; scoped to /api/auth so no other
 * request carries them; short-lived because a sign-in takes a minute, not a day.
 */
function flowCookieOptions(config: AppConfig) {
  return { path: '/api/auth', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
}

/**
 * Only a path on this site: one leading "/" and never "//" or a backslash, which browsers treat as
 * another host ("/\evil.example"). Anything else is ignored, so a crafted link cannot send a freshly
 * signed-in user to a look-alike site.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > maxReturnToLength) return undefined;
  if (!/^\/(?![/\\])[^\\\s\p{Cc}]*$/u.test(value)) return undefined;
  // A page of the web app, not an API call (which could restart a sign-in in a loop).
  if (/^\/api(?:[/?#]|$)/i.test(value)) return undefined;
  const resolved = new URL(value, 'http://same-origin.invalid');
  return resolved.origin === 'http://same-origin.invalid' ? value : undefined;
}

export interface FlowSecrets {
  state: string;
  codeVerifier: string | null;
  returnTo: string | undefined;
}

export function setFlowCookies(
  reply: FastifyReply,
  config: AppConfig,
  provider: OAuthProvider,
  flow: FlowSecrets,
) {
  const options = { ...flowCookieOptions(config), maxAge: flowLifetimeSeconds };
  // The provider is part of the state so a state issued for one provider fails at another's callback.
  reply.setCookie(flowCookieNames.state, `${provider}:${flow.state}`, options);
  if (flow.codeVerifier) reply.setCookie(flowCookieNames.codeVerifier, flow.codeVerifier, options);
  else reply.clearCookie(flowCookieNames.codeVerifier, flowCookieOptions(config));
  if (flow.returnTo) reply.setCookie(flowCookieNames.returnTo, flow.returnTo, options);
  else reply.clearCookie(flowCookieNames.returnTo, flowCookieOptions(config));
}

/** Reads the flow's cookies and clears them: each state is good for one callback only. */
export function takeFlowCookies(request: FastifyRequest, reply: FastifyReply, config: AppConfig) {
  for (const name of Object.values(flowCookieNames)) reply.clearCookie(name, flowCookieOptions(config));
  return {
    state: request.cookies[flowCookieNames.state],
    codeVerifier: request.cookies[flowCookieNames.codeVerifier] || null,
    returnTo: safeReturnTo(request.cookies[flowCookieNames.returnTo]),
  };
}

export function stateMatches(
  provider: OAuthProvider,
  cookieState: string | undefined,
  queryState: string | undefined,
) {
  if (!cookieState || !queryState) return false;
  const expected = Buffer.from(cookieState);
  const actual = Buffer.from(`${provider}:${queryState}`);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
