import { OAuth2Client, type OAuth2Tokens } from 'arctic';
import { z } from 'zod';
import type { OAuthProvider } from '@app/shared/auth';
import type { AppConfig, OAuthProviderConfig } from '../../config.js';
import { encodeBasic, postTokenForm } from './token-request.js';

/** What every provider's profile is reduced to before the account rules see it. */
export interface ProviderProfile {
  accountId: string;
  name: string | null;
  email: string | null;
  /** True only when the provider vouches that the person controls the address. */
  emailVerified: boolean;
}

export interface CodeExchange {
  provider: OAuthProviderConfig;
  redirectUri: string;
  code: string;
  codeVerifier: string | null;
  headers: Record<string, string>;
}

/** One provider's differences from plain OAuth 2; the generic flow never asks which provider it is. */
export interface ProviderAdapter {
  scopes: string[];
  pkce: boolean;
  /** Sent on every call to the provider. */
  headers(config: AppConfig): Record<string, string>;
  exchangeCode(input: CodeExchange): Promise<OAuth2Tokens>;
  profileUrl(userinfoUrl: string): string;
  parseProfile(body: unknown): ProviderProfile;
}

const text = z.string().trim().min(1);

const googleProfile = z.object({
  sub: text,
  name: z.string().optional(),
  email: z.string().optional(),
  // Older Google endpoints send the flag as the string "true".
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});

const facebookProfile = z.object({ id: text, name: z.string().optional(), email: z.string().optional() });

const redditProfile = z.object({ id: text, name: text });

export const providers: Record<OAuthProvider, ProviderAdapter> = {
  google: {
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    headers: () => ({}),
    // Google takes HTTP Basic client credentials, which is exactly what arctic's generic client sends.
    exchangeCode: ({ provider, redirectUri, code, codeVerifier }) =>
      new OAuth2Client(provider.clientId, provider.clientSecret, redirectUri).validateAuthorizationCode(
        provider.tokenUrl,
        code,
        codeVerifier,
      ),
    profileUrl: (userinfoUrl) => userinfoUrl,
    parseProfile: (body) => {
      const profile = googleProfile.parse(body);
      return {
        accountId: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        emailVerified: profile.email_verified === true || profile.email_verified === 'true',
      };
    },
  },
  facebook: {
    scopes: ['email', 'public_profile'],
    pkce: false,
    headers: () => ({}),
    // Facebook documents client credentials in the form body only (arctic's Facebook class does the same).
    exchangeCode: ({ provider, redirectUri, code, headers }) =>
      postTokenForm(
        provider.tokenUrl,
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: provider.clientId,
          client_secret: provider.clientSecret,
        },
        headers,
      ),
    profileUrl: (userinfoUrl) => {
      const url = new URL(userinfoUrl);
      url.searchParams.set('fields', 'id,name,email');
      return url.toString();
    },
    parseProfile: (body) => {
      const profile = facebookProfile.parse(body);
      // Graph only returns an address the person has confirmed with Facebook.
      return {
        accountId: profile.id,
        name: profile.name ?? null,
        email: profile.email ?? null,
        emailVerified: Boolean(profile.email),
      };
    },
  },
  reddit: {
    scopes: ['identity'],
    pkce: false,
    // Reddit throttles or refuses generic user agents, including arctic's fixed "arctic".
    headers: (config) => ({ 'user-agent': config.reddit.userAgent }),
    exchangeCode: ({ provider, redirectUri, code, headers }) =>
      postTokenForm(
        provider.tokenUrl,
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
        { ...headers, authorization: `Basic ${encodeBasic(provider.clientId, provider.clientSecret)}` },
      ),
    profileUrl: (userinfoUrl) => userinfoUrl,
    parseProfile: (body) => {
      const profile = redditProfile.parse(body);
      // Reddit never shares an e-mail address with apps.
      return { accountId: profile.id, name: profile.name, email: null, emailVerified: false };
    },
  },
};

export function providerNamed(name: string): OAuthProvider | undefined {
  return Object.hasOwn(providers, name) ? (name as OAuthProvider) : undefined;
}
