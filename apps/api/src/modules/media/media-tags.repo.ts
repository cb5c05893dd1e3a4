import { sql } from 'drizzle-orm';
import type { MediaTagCount } from '@app/shared/media';
import type { Database } from '../../db/client.js';

/** The suggestion list is short by design: the user picks from her most used tags or types on. */
const maxTags = 200;

/**
 * The owner's tags with how many of her (not deleted) files carry each. Tags that differ only in
 * case are one tag, as the filter treats them (hasTag); the spelling shown is the first in sort order.
 */
export async function listOwnTags(db: Database, userId: string): Promise<MediaTagCount[]> {
  const result = await db.execute(sql`
    select min(t.tag) as tag, count(distinct a.id)::int as count
    from media_assets a, unnest(a.tags) as t(tag)
    where a.user_id = ${userId} and a.deleted_at is null
    group by lower(t.tag)
    order by count desc, lower(t.tag) asc
    limit ${maxTags}
  `);
  const rows = (result as unknown as { rows: { tag: string; count: number | string }[] }).rows;
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}
