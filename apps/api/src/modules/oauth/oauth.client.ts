import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import type { OAuthProvider } from '@app/shared/auth';
import type { AppConfig, OAuthProviderConfig } from '../../config.js';
import { providers, type ProviderProfile } from './providers.js';
import { providerTimeoutMs } from './token-request.js';

/** Why a sign-in stopped after the state check; all of them send the browser to /?error=<provider>_failed. */
export class OAuthFlowError extends Error {
  constructor(
    readonly reason: 'token' | 'profile' | 'email_in_use' | 'no_free_name',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'OAuthFlowError';
  }
}

export function callbackUrl(config: AppConfig, provider: OAuthProvider): string {
  return `${config.publicUrl}/api/auth/${provider}/callback`;
}

/** The provider's consent page, plus the secrets the callback must see again (kept in cookies). */
export function startAuthorization(
  config: AppConfig,
  provider: OAuthProvider,
  providerConfig: OAuthProviderConfig,
) {
  const adapter = providers[provider];
  const client = new OAuth2Client(
    providerConfig.clientId,
    providerConfig.clientSecret,
    callbackUrl(config, provider),
  );
  const state = generateState();
  const codeVerifier = adapter.pkce ? generateCodeVerifier() : null;
  const url = codeVerifier
    ? client.createAuthorizationURLWithPKCE(
        providerConfig.authorizeUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        adapter.scopes,
      )
    : client.createAuthorizationURL(providerConfig.authorizeUrl, state, adapter.scopes);
  return { url, state, codeVerifier };
}

/** Code → access token → profile. Errors never carry the code or the token. */
export async function fetchProviderProfile(
  config: AppConfig,
  provider: OAuthProvider,
  providerConfig: OAuthProviderConfig,
  code: string,
  codeVerifier: string | null,
): Promise<ProviderProfile> {
  const adapter = providers[provider];
  const headers = adapter.headers(config);
  let accessToken: string;
  try {
    const tokens = await adapter.exchangeCode({
      provider: providerConfig,
      redirectUri: callbackUrl(config, provider),
      code,
      codeVerifier,
      headers,
    });
    accessToken = tokens.accessToken();
  } catch (error) {
    throw new OAuthFlowError('token', describe(error));
  }

  try {
    const response = await fetch(adapter.profileUrl(providerConfig.userinfoUrl), {
      headers: { accept: 'application/json', ...headers, authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(providerTimeoutMs),
    });
    if (!response.ok) throw new Error(`the profile endpoint answered HTTP ${response.status}`);
    return adapter.parseProfile(await response.json());
  } catch (error) {
    throw new OAuthFlowError('profile', describe(error));
  }
}

/** Name and message only: arctic's errors can hold the provider's response body. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = 'code' in error && typeof error.code === 'string' ? ` (${error.code})` : '';
  const status = 'status' in error && typeof error.status === 'number' ? ` (HTTP ${error.status})` : '';
  return `${error.name}: ${error.message}${code}${status}`;
}
