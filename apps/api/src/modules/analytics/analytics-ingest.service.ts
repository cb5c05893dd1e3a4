import {
  analyticsEventKinds,
  analyticsEventSchema,
  type AnalyticsBatchResponse,
  type AnalyticsEvent,
} from '@app/shared/analytics';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { createGroupCommit } from '../../lib/group-commit.js';
import { insertAnalyticsEvents, type AnalyticsEventInsert } from './analytics-events.repo.js';
import type { AnalyticsRateLimiter, RateDecision, RateSubjects } from './analytics-ingest.rate-limit.js';
import type { VisitorHasher } from './visitor-hash.js';

/** How far back a browser's timestamp may go; older (or future) dates are clamped into [now − 1 day, now]. */
export const maxEventAgeMs = 24 * 60 * 60 * 1000;

/** One request's batch, checked and ready to be written with others (lib/group-commit.ts). */
export interface PreparedBatch {
  subjects: RateSubjects;
  rows: AnalyticsEventInsert[];
}

export type BatchWriteResult =
  { allowed: true; insertedIds: Set<string>; optedOut: boolean } | Extract<RateDecision, { allowed: false }>;

export interface IngestDeps {
  hasher: VisitorHasher;
  now: () => Date;
  write: (batch: PreparedBatch) => Promise<BatchWriteResult>;
}

export interface IngestRequest {
  events: unknown[];
  /** From the session only; whatever the body says about the user is ignored. */
  userId: string | null;
  ip: string;
  userAgent: string;
}

export type IngestOutcome =
  | { status: 'stored'; response: AnalyticsBatchResponse }
  | { status: 'rate-limited'; retryAfterSeconds: number };

/**
 * Writes the batches of one group: one statement takes a use from each batch's session and address
 * limits, one more inserts the rows of the batches still allowed. Two round trips and one durable
 * commit per group, however many requests it holds.
 */
export function createBatchWriter(db: Database, rateLimit: AnalyticsRateLimiter, now: () => Date) {
  return async function writeBatches(batches: PreparedBatch[]): Promise<BatchWriteResult[]> {
    const decisions = await rateLimit(
      batches.map((batch) => batch.subjects),
      now(),
    );
    const rows = batches.flatMap((batch, index) => (decisions[index]!.allowed ? batch.rows : []));
    const { insertedIds, optedOutUserIds } = await insertAnalyticsEvents(db, rows);
    return batches.map((batch, index) => {
      const decision = decisions[index]!;
      if (!decision.allowed) return decision satisfies BatchWriteResult;
      // An id in two batches of the group is stored once and counted for the first.
      const mine = new Set<string>();
      for (const row of batch.rows) if (insertedIds.delete(row.clientEventId)) mine.add(row.clientEventId);
      const userId = batch.rows[0]?.userId;
      return { allowed: true, insertedIds: mine, optedOut: Boolean(userId && optedOutUserIds.has(userId)) };
    });
  };
}

export interface IngestWriteOptions {
  maxConcurrentWrites: number;
  maxGroupSize: number;
}

/** The process's one writer: concurrent requests share statements and commits. */
export function createIngestWriter(
  db: Database,
  rateLimit: AnalyticsRateLimiter,
  now: () => Date,
  options: IngestWriteOptions,
) {
  return createGroupCommit(createBatchWriter(db, rateLimit, now), options);
}

/** A sentence naming the field, e.g. "data.depth: Too big: expected number to be <=100". */
function describeEventIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  if (field === 'type') return `type: must be one of ${analyticsEventKinds.join(', ')}`;
  if (!field)
    return `Each event must be an object with id, sessionId, type, timestamp, page and data (${issue.message})`;
  return `${field}: ${issue.message}`;
}

/** A browser clock may be wrong or forged; reports must not be skewed by dates outside the last day. */
export function clampOccurredAt(timestamp: string, now: Date): Date {
  const at = Date.parse(timestamp);
  const latest = now.getTime();
  return new Date(Math.min(latest, Math.max(latest - maxEventAgeMs, at)));
}

/**
 * Validates each event on its own (bad ones are dropped and listed, good ones kept), then hands the
 * batch to the writer, which takes one use from the session's and the address's per-minute limits
 * and stores it together with whatever other requests are being written at the same moment.
 */
export async function ingestBatch(deps: IngestDeps, request: IngestRequest): Promise<IngestOutcome> {
  const now = deps.now();
  const valid: AnalyticsEvent[] = [];
  const errors: AnalyticsBatchResponse['errors'] = [];
  request.events.forEach((item, index) => {
    const parsed = analyticsEventSchema.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
    else errors.push({ index, message: describeEventIssue(parsed.error.issues[0]!) });
  });

  const visitorHash = valid.length ? await deps.hasher.visitorHash(request.ip, request.userAgent, now) : '';
  const seen = new Set<string>();
  const rows: AnalyticsEventInsert[] = [];
  for (const event of valid) {
    // The same id twice in one batch is a duplicate too.
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    rows.push({
      clientEventId: event.id,
      type: event.type,
      eventType: event.eventType ?? null,
      page: event.page,
      referrer: event.referrer ?? null,
      sessionId: event.sessionId,
      userId: request.userId,
      visitorHash,
      occurredAt: clampOccurredAt(event.timestamp, now),
      receivedAt: now,
      data: event.data,
    });
  }

  // The tab's analytics session (valid events only: an unchecked value never becomes a counter key).
  const subjects = { session: valid[0]?.sessionId, address: await deps.hasher.addressKey(request.ip, now) };
  const result = await deps.write({ subjects, rows });
  if (!result.allowed) return { status: 'rate-limited', retryAfterSeconds: result.retryAfterSeconds };

  const accepted = result.insertedIds.size;
  const ignored = result.optedOut ? valid.length : 0;
  return {
    status: 'stored',
    response: {
      accepted,
      duplicates: valid.length - accepted - ignored,
      ignored,
      rejected: errors.length,
      errors,
    },
  };
}
