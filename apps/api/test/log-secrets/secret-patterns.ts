/** A shape of secret that must never reach a log line, whatever its value. */
export interface SecretPattern {
  name: string;
  pattern: RegExp;
}

const notRedacted = '(?!\\[redacted\\])';
const secretJsonFields = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'secret',
  'clientSecret',
  'client_secret',
  'csrfToken',
  'apiKey',
  'secretKey',
  'webhookSecret',
  'x-csrf-token',
  'authorization',
  'cookie',
  'set-cookie',
];
const secretQueryParams = [
  'token',
  'code',
  'state',
  'access_token',
  'refresh_token',
  'key',
  'password',
  'client_secret',
  // A signed media link opens the photo for whoever holds it until it expires.
  'sig',
  'x-amz-signature',
];

export const secretPatterns: SecretPattern[] = [
  { name: 'personal API key', pattern: /cs_live_[A-Za-z0-9_-]{20,}/ },
  { name: 'Stripe secret or restricted key', pattern: /\b[sr]k_(?:test|live)_[A-Za-z0-9]{8,}/ },
  { name: 'Stripe webhook secret', pattern: /\bwhsec_[A-Za-z0-9+/=_-]{8,}/ },
  { name: 'Stripe client secret', pattern: /\b(?:pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/ },
  { name: 'bearer token', pattern: new RegExp(`\\bBearer\\s+${notRedacted}[A-Za-z0-9._~+/=-]{8,}`, 'i') },
  { name: 'basic credentials', pattern: /\bBasic\s+[A-Za-z0-9+/=]{12,}/ },
  {
    name: 'secret in a URL query',
    pattern: new RegExp(`[?&](?:${secretQueryParams.join('|')})=${notRedacted}[^&#\\s"\\\\]+`, 'i'),
  },
  {
    name: 'secret field',
    pattern: new RegExp(`"(?:${secretJsonFields.join('|')})"\\s*:\\s*"${notRedacted}[^"]+"`, 'i'),
  },
  {
    name: 'session or CSRF cookie',
    pattern: new RegExp(`\\b(?:sid|_csrf|XSRF-TOKEN)=${notRedacted}[A-Za-z0-9._~%+/=-]{8,}`),
  },
  {
    name: 'password in a URL',
    pattern: new RegExp(`\\b[a-z][a-z0-9+.-]*://[^\\s:@/"]+:${notRedacted}[^\\s@/"]+@`, 'i'),
  },
];
