import type { Database } from '../../src/db/client.js';
import { ownedTables, type AccountOwner } from '../../src/modules/account/owned-data.js';

/** Every row of every user-owned table that belongs to the owner, as comparable JSON, per table. */
export async function snapshotOf(db: Database, owner: AccountOwner): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const [name, entry] of Object.entries(ownedTables)) {
    const rows = await db.select().from(entry.table).where(entry.rowsOf(owner));
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** The ids of the owner's rows, to look for in what others are answered. */
export function idsIn(snapshot: Record<string, string[]>): string[] {
  const ids = new Set<string>();
  for (const rows of Object.values(snapshot)) {
    for (const row of rows) {
      const { id } = JSON.parse(row) as { id?: unknown };
      if (typeof id === 'string') ids.add(id);
    }
  }
  return [...ids];
}
