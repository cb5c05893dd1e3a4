import { httpMessages, serverMessages } from '@app/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError, userFacingMessage } from './request';

const apiError = (status: number, message: string, details: { statusText?: string; code?: string } = {}) =>
  new ApiError(status, message, details);

describe('userFacingMessage (spec section 8)', () => {
  it.each([
    [serverMessages.accessTokenRequired, httpMessages.accessTokenRequired],
    [serverMessages.invalidCredentials, httpMessages.invalidCredentials],
    [serverMessages.emailNotVerified, httpMessages.emailNotVerified],
    ['Session expired', httpMessages.unauthorized],
  ])('401 %j → %j', (serverMessage, shown) => {
    expect(userFacingMessage(apiError(401, serverMessage))).toBe(shown);
  });

  it('401 with the EMAIL_NOT_VERIFIED code gets the verify-your-email text whatever the wording', () => {
    expect(userFacingMessage(apiError(401, 'Please verify first', { code: 'EMAIL_NOT_VERIFIED' }))).toBe(
      httpMessages.emailNotVerified,
    );
  });

  it('403 Insufficient permissions → the contact-support text; other 403s → access denied', () => {
    expect(userFacingMessage(apiError(403, serverMessages.insufficientPermissions))).toBe(
      httpMessages.insufficientPermissions,
    );
    expect(userFacingMessage(apiError(403, 'Forbidden', { statusText: 'Forbidden' }))).toBe(
      httpMessages.forbidden,
    );
    expect(userFacingMessage(apiError(403, 'Account is banned'))).toBe(httpMessages.forbidden);
  });

  it('404 → not found, whatever the server said', () => {
    expect(userFacingMessage(apiError(404, 'Route GET:/api/x not found'))).toBe(httpMessages.notFound);
  });

  it.each([500, 502, 503])('%i → server error, hiding details', (status) => {
    expect(userFacingMessage(apiError(status, 'TypeError: x is undefined'))).toBe(httpMessages.serverError);
  });

  it('status 0 → check your internet connection', () => {
    expect(userFacingMessage(apiError(0, 'anything'))).toBe(httpMessages.network);
  });

  it.each([
    [400, 'Title is required'],
    [409, 'Username already taken'],
    [429, 'Daily generation limit reached. Upgrade for more.'],
  ])('%i with a server message shows that message', (status, message) => {
    expect(userFacingMessage(apiError(status, message, { statusText: 'Whatever' }))).toBe(message);
  });

  it('other statuses without a server message → "Request failed: <status text>"', () => {
    expect(userFacingMessage(apiError(429, 'Too Many Requests', { statusText: 'Too Many Requests' }))).toBe(
      `${httpMessages.requestFailedPrefix}Too Many Requests`,
    );
    // HTTP/2 carries no status text, so the code stands in.
    expect(userFacingMessage(apiError(418, '418'))).toBe(`${httpMessages.requestFailedPrefix}418`);
  });

  it('non-API errors show their own message, or the server-error text when they have none', () => {
    expect(userFacingMessage(new Error('Could not read the file'))).toBe('Could not read the file');
    expect(userFacingMessage('boom')).toBe(httpMessages.serverError);
  });
});
