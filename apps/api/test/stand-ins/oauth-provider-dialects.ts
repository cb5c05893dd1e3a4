import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type StandInKind = 'google' | 'facebook' | 'reddit';
export interface StandInOptions {
  kind: StandInKind;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Like Reddit: an API call with any other User-Agent gets 429. */
  requiredUserAgent?: string;
}
export interface StandInProfile {
  id: string;
  name: string;
  email?: string;
  emailVerified?: boolean;
}

const credentials = ({ kind, clientId, clientSecret }: StandInOptions) => ({
  [`${kind.toUpperCase()}_CLIENT_ID`]: clientId,
  [`${kind.toUpperCase()}_CLIENT_SECRET`]: clientSecret,
});
const endpointEnv = (options: StandInOptions, base: string) => ({
  ...credentials(options),
  [`${options.kind.toUpperCase()}_AUTHORIZE_URL`]: `${base}/authorize`,
  [`${options.kind.toUpperCase()}_TOKEN_URL`]: `${base}/token`,
  [`${options.kind.toUpperCase()}_USERINFO_URL`]: `${base}/userinfo`,
});

/** Where the real providers differ: client authentication, error status, profile shape, configuration. */
export const dialects: Record<
  StandInKind,
  {
    clientAuth: 'basic' | 'body' | 'either';
    grantErrorStatus: number;
    profile: (profile: StandInProfile, fields: string[]) => object;
    /** The app's environment pointing at the stand-in. */
    env: (base: string, options: StandInOptions) => Record<string, string>;
  }
> = {
  google: {
    clientAuth: 'either',
    grantErrorStatus: 400,
    profile: (p) => ({
      sub: p.id,
      name: p.name,
      email: p.email,
      email_verified: p.emailVerified ?? true,
      picture: 'https://example.invalid/p.png',
    }),
    env: (base, options) => endpointEnv(options, base),
  },
  facebook: {
    clientAuth: 'body',
    grantErrorStatus: 400,
    profile: (p, fields) => ({
      id: p.id,
      name: p.name,
      ...(fields.includes('email') && p.email ? { email: p.email } : {}),
    }),
    env: (base, options) => endpointEnv(options, base),
  },
  reddit: {
    clientAuth: 'basic',
    // Reddit reports a bad grant with HTTP 200 and an error field.
    grantErrorStatus: 200,
    profile: (p) => ({ id: p.id, name: p.name, total_karma: 42, verified: true }),
    env: (base, options) => ({
      ...credentials(options),
      REDDIT_AUTH_BASE_URL: base,
      REDDIT_API_BASE_URL: base,
      ...(options.requiredUserAgent ? { REDDIT_USER_AGENT: options.requiredUserAgent } : {}),
    }),
  },
};

// Wire-format helpers of the stand-in.
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function decodeBasic(encoded: string): [string, string] {
  const decoded = Buffer.from(encoded, 'base64').toString();
  const colon = decoded.indexOf(':');
  const part = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));
  return [part(decoded.slice(0, colon)), part(decoded.slice(colon + 1))];
}

export async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}
