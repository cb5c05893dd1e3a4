import { describe, expect, it } from 'vitest';
import { accessGateDescriptions, accessGateTitles } from '@app/shared/messages';
import { makeUser } from '@app/shared/user-fixtures';
import { ApiError } from '../lib/api-error';
import { computeAccessGate } from './access-gate';

const now = new Date('2025-06-01T12:00:00Z');
const forbidden = (code?: string, message = 'Forbidden', email?: string) =>
  new ApiError(403, message, { code, email });

describe('computeAccessGate (spec 4)', () => {
  it('is open for a user with full access and no 403', () => {
    expect(computeAccessGate(makeUser(), null, { now })).toBeNull();
    expect(computeAccessGate(makeUser(), new ApiError(500, 'boom'), { now })).toBeNull();
    // A suspension that has ended no longer blocks.
    expect(computeAccessGate(makeUser({ suspendedUntil: '2025-05-01T00:00:00Z' }), null, { now })).toBeNull();
  });

  it('asks an unverified user to verify, offering to resend to their address', () => {
    const gate = computeAccessGate(
      makeUser({ emailVerified: false, bannedAt: '2025-01-01T00:00:00Z' }),
      null,
      { now },
    );
    expect(gate).toEqual({
      kind: 'unverified',
      title: 'Verify your email to continue',
      description: accessGateDescriptions.unverified,
      resendTo: 'velvet@example.com',
    });
  });

  it('sends a Reddit sign-in account without a real address to Settings instead', () => {
    const gate = computeAccessGate(makeUser({ emailVerified: false, email: 'abc@reddit.invalid' }), null, {
      now,
    });
    expect(gate).toMatchObject({ kind: 'unverified', description: accessGateDescriptions.unverifiedNoEmail });
    expect(gate?.resendTo).toBeUndefined();
  });

  it('restricts a banned user, even when also suspended', () => {
    const gate = computeAccessGate(
      makeUser({ bannedAt: '2025-01-01T00:00:00Z', suspendedUntil: '2025-07-01T00:00:00Z' }),
      null,
      { now },
    );
    expect(gate).toMatchObject({
      kind: 'banned',
      title: 'Account access restricted',
      description: accessGateDescriptions.banned,
    });
  });

  it('tells a suspended user until when', () => {
    const gate = computeAccessGate(makeUser({ suspendedUntil: '2025-07-04T15:00:00Z' }), null, {
      now,
      locale: 'en-US',
    });
    expect(gate?.title).toBe('Account temporarily suspended');
    expect(gate?.description).toMatch(/^Your account is suspended until July 4, 2025/);
  });

  it("falls back to 'Resolve account restrictions' without a user", () => {
    expect(computeAccessGate(null, null, { now })).toMatchObject({
      kind: 'other',
      title: accessGateTitles.other,
    });
  });

  it("turns a 403 for a user with full access into 'Access currently blocked'", () => {
    expect(computeAccessGate(makeUser(), forbidden(), { now })).toEqual({
      kind: 'blocked',
      title: 'Access currently blocked',
      description: accessGateDescriptions.blocked,
      resendTo: undefined,
    });
    // The server's own access refusal explains itself, and an unverified address can be resent to.
    const stale = forbidden(
      'EMAIL_NOT_VERIFIED',
      'Verify your email to continue: open the link.',
      'v@example.com',
    );
    expect(computeAccessGate(makeUser(), stale, { now })).toMatchObject({
      description: 'Verify your email to continue: open the link.',
      resendTo: 'v@example.com',
    });
    expect(computeAccessGate(makeUser(), new ApiError(401, 'Unauthorized'), { now })).toBeNull();
  });
});
