import { OAuth2RequestError, OAuth2Tokens, UnexpectedResponseError } from 'arctic';

/** A provider that hangs must not hold the browser's sign-in request open. */
export const providerTimeoutMs = 10_000;

export function encodeBasic(clientId: string, clientSecret: string): string {
  // RFC 6749 2.3.1: both parts are form-encoded before joining.
  const encode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');
  return Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64');
}

/**
 * The authorization-code token request for providers arctic's generic OAuth2Client cannot serve:
 * it always sends Basic credentials and the User-Agent "arctic", while Facebook wants the secret in
 * the form and Reddit a descriptive User-Agent. Answers arctic's own token type so callers see one shape.
 */
export async function postTokenForm(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<OAuth2Tokens> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(providerTimeoutMs),
  });
  const body: unknown = await response.json().catch(() => null);
  if (body && typeof body === 'object') {
    // Reddit answers some failures with 200 and an error field, so the field decides, not the status.
    const {
      access_token: accessToken,
      error,
      error_description: description,
    } = body as Record<string, unknown>;
    if (response.ok && typeof accessToken === 'string' && accessToken) return new OAuth2Tokens(body);
    if (typeof error === 'string') {
      throw new OAuth2RequestError(error, typeof description === 'string' ? description : null, null, null);
    }
  }
  throw new UnexpectedResponseError(response.status);
}
