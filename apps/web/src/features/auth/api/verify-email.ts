import { useEffect, useState } from 'react';
import { apiRequest, parseResponse } from '../../../lib/request';

export type VerifyEmailOutcome = { ok: true; email?: string } | { ok: false; error: unknown };

/** GET /api/auth/verify-email?token=…; failures carry a code such as expired_token. */
export async function verifyEmail(token: string) {
  const path = `/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  // The contract comes with the answer: zod is not on the page before it (decision 033).
  const [{ verifyEmailResponseSchema }, body] = await Promise.all([
    import('./verify-email-response'),
    apiRequest('GET', path),
  ]);
  return parseResponse(verifyEmailResponseSchema, body);
}

// A token works once: its success is kept for the page's lifetime, and a call under way is shared,
// so a remount (Strict Mode's included) never sends it again. A failure consumed nothing: not kept.
const calls = new Map<string, Promise<VerifyEmailOutcome>>();

function verifyOnce(token: string): Promise<VerifyEmailOutcome> {
  let call = calls.get(token);
  if (!call) {
    call = verifyEmail(token).then(
      (body): VerifyEmailOutcome => ({ ok: true, email: body.email }),
      (error: unknown): VerifyEmailOutcome => {
        calls.delete(token);
        return { ok: false, error };
      },
    );
    calls.set(token, call);
  }
  return call;
}

/** The outcome for this token, or null while it is checked (and when there is no token). */
export function useVerifyEmail(token: string | null): VerifyEmailOutcome | null {
  const [answer, setAnswer] = useState<{ token: string; outcome: VerifyEmailOutcome } | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    void verifyOnce(token).then((outcome) => {
      if (current) setAnswer({ token, outcome });
    });
    return () => {
      current = false;
    };
  }, [token]);
  return answer && answer.token === token ? answer.outcome : null;
}
