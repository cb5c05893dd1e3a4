import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { NewAnalyticsEventRow } from '../../db/schema/index.js';

export type AnalyticsEventInsert = Required<Omit<NewAnalyticsEventRow, 'id'>>;

/**
 * One insert for the rows of every batch in a group commit. An id stored before (the browser re-sent
 * a batch whose answer it never saw), or twice in the group, is skipped by the unique index; the ids
 * actually inserted come back so each batch can count its own.
 *
 * The rows travel as one JSON parameter (jsonb_to_recordset) rather than through drizzle's
 * multi-row values(): building that query for 50 rows took ~10 ms of CPU per batch, the statement
 * text here is the same for every group, and PGlite and node-postgres pass one text value the same way.
 */
export async function insertAnalyticsEvents(
  db: Database,
  rows: AnalyticsEventInsert[],
): Promise<{ insertedIds: Set<string>; optedOutUserIds: Set<string> }> {
  if (rows.length === 0) return { insertedIds: new Set(), optedOutUserIds: new Set() };
  const payload = JSON.stringify(
    rows.map((row) => ({
      client_event_id: row.clientEventId,
      type: row.type,
      event_type: row.eventType,
      page: row.page,
      referrer: row.referrer,
      session_id: row.sessionId,
      user_id: row.userId,
      visitor_hash: row.visitorHash,
      occurred_at: row.occurredAt.toISOString(),
      received_at: row.receivedAt.toISOString(),
      data: row.data,
    })),
  );
  // A user who switched usage analytics off in Settings is not stored even if an old tab still sends:
  // the check rides in the same statement, so it costs no extra round trip.
  const result = await db.execute(sql`
    with input as materialized (
      select * from jsonb_to_recordset(${payload}::jsonb) as r(
        client_event_id text, type text, event_type text, page text, referrer text, session_id text,
        user_id uuid, visitor_hash text, occurred_at timestamptz, received_at timestamptz, data jsonb)
    ),
    opted_out as (
      select s.user_id from user_settings s
      where s.usage_analytics = false and s.user_id in (select user_id from input where user_id is not null)
    ),
    inserted as (
      insert into analytics_events
        (client_event_id, type, event_type, page, referrer, session_id, user_id, visitor_hash, occurred_at, received_at, data)
      select r.client_event_id, r.type, r.event_type, r.page, r.referrer, r.session_id, r.user_id, r.visitor_hash,
             r.occurred_at, r.received_at, r.data
      from input r
      where r.user_id is null or r.user_id not in (select user_id from opted_out)
      on conflict (client_event_id) do nothing
      returning client_event_id
    )
    select coalesce((select json_agg(client_event_id) from inserted), '[]'::json) as inserted,
           coalesce((select json_agg(user_id) from opted_out), '[]'::json) as opted_out`);
  // PGlite and node-postgres both answer { rows }, with json columns already parsed.
  const [answer] = (result as unknown as { rows: { inserted: string[]; opted_out: string[] }[] }).rows;
  return { insertedIds: new Set(answer?.inserted ?? []), optedOutUserIds: new Set(answer?.opted_out ?? []) };
}
