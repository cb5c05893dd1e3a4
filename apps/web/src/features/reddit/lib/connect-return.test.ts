import { afterEach, describe, expect, it } from 'vitest';
import {
  connectOutcome,
  connectReturnDestination,
  forgetConnectReturn,
  rememberConnectReturn,
} from './connect-return';

afterEach(forgetConnectReturn);

describe('returning from Reddit after linking an account', () => {
  it('goes back to the page the link started from, keeping its query', () => {
    rememberConnectReturn('/enterprise?tab=scheduler');
    expect(connectReturnDestination('?reddit=connected')).toBe('/enterprise?tab=scheduler&reddit=connected');
  });

  it('goes to /reddit when the start page is unknown', () => {
    expect(connectReturnDestination('?reddit=connected')).toBe('/reddit?reddit=connected');
  });

  it('never leaves the app for a stored address', () => {
    rememberConnectReturn('//evil.example/phish');
    expect(connectReturnDestination('?reddit=connected')).toBe('/reddit?reddit=connected');
  });

  it('treats a Reddit error as a failed link only when this tab started one', () => {
    expect(connectOutcome('?error=reddit_auth_failed')).toBeNull();
    rememberConnectReturn('/reddit');
    expect(connectOutcome('?error=reddit_auth_failed')).toEqual({
      kind: 'failed',
      code: 'reddit_auth_failed',
    });
    expect(connectReturnDestination('?error=reddit_failed')).toBe('/reddit?error=reddit_failed');
    expect(connectOutcome('?error=google_failed')).toBeNull();
  });

  it('says nothing about other queries', () => {
    expect(connectReturnDestination('')).toBeNull();
    expect(connectReturnDestination('?reddit=maybe')).toBeNull();
  });
});
