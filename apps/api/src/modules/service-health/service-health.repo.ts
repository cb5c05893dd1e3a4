import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { setupErrorMaxLength, type SetupServiceId } from '@app/shared/admin-setup';
import type { Database } from '../../db/client.js';
import { serviceFailures, type ServiceFailureRow } from '../../db/schema/index.js';

export type ServiceOutcome = 'ok' | { error: string };

// Callers pass a short reason, but an upstream message may still carry a URL with credentials or a
// key, or (an SMTP refusal) the recipient's address: the row belongs to no one, so it holds neither.
const secretPatterns: Array<[RegExp, string]> = [
  [/\/\/[^/\s@]+@/g, '//…@'],
  [/(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '(an address)'],
  [/\b(sk|rk|pk|whsec)_[A-Za-z0-9_]+/g, '$1_…'],
  [/\bBearer\s+\S+/gi, 'Bearer …'],
];

export function shortReason(message: string): string {
  const cleaned = secretPatterns.reduce((text, [pattern, by]) => text.replace(pattern, by), message).trim();
  return cleaned.length <= setupErrorMaxLength ? cleaned : `${cleaned.slice(0, setupErrorMaxLength - 1)}…`;
}

/**
 * Notes that a call to an outside service worked or failed. Never throws: a broken health record
 * must not break the mail, payment or post it describes, so a failure here is only logged.
 */
export async function recordServiceOutcome(
  db: Database,
  service: SetupServiceId,
  /** null: the call failed for a reason that is not the service's (nothing to note). */
  outcome: ServiceOutcome | null,
  log?: FastifyBaseLogger,
): Promise<void> {
  if (outcome === null) return;
  const now = new Date();
  try {
    if (outcome === 'ok') {
      // Every mail, payment call and sent post succeeds through here: a success is written only
      // when it ends a failure (the one fact the Setup page reads), so the usual case writes nothing.
      await db
        .update(serviceFailures)
        .set({ lastOkAt: now })
        .where(
          and(
            eq(serviceFailures.service, service),
            isNotNull(serviceFailures.lastErrorAt),
            or(isNull(serviceFailures.lastOkAt), lt(serviceFailures.lastOkAt, serviceFailures.lastErrorAt)),
          ),
        );
      return;
    }
    const change = { lastErrorAt: now, lastError: shortReason(outcome.error) || 'unknown error' };
    await db
      .insert(serviceFailures)
      .values({ service, ...change })
      .onConflictDoUpdate({ target: serviceFailures.service, set: change });
  } catch (error) {
    log?.warn({ err: error, service }, 'could not record the outcome of an outside service');
  }
}

/** Reason and status only: the AI service's own message may echo the prompt. */
export function aiOutcome(failure: { reason: string; status?: number } | null): ServiceOutcome {
  if (!failure) return 'ok';
  return {
    error: `The AI service failed (${failure.reason}${failure.status ? `, HTTP ${failure.status}` : ''}); the built-in writer answered.`,
  };
}

export async function listServiceOutcomes(db: Database): Promise<Map<string, ServiceFailureRow>> {
  const rows = await db.select().from(serviceFailures);
  return new Map(rows.map((row) => [row.service, row]));
}
