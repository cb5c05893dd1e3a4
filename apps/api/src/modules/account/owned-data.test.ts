import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { accountExportSchema } from '@app/shared/account';
import * as schema from '../../db/schema/index.js';
import { ownedTables, unownedTables } from './owned-data.js';

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const usersTableName = getTableName(schema.users);

/** A column that names a person: a foreign key to users, or a user/owner/subject column by name. */
function personColumns(table: PgTable): string[] {
  const config = getTableConfig(table);
  const referencing = config.foreignKeys
    .filter((key) => getTableName(key.reference().foreignTable) === usersTableName)
    .flatMap((key) => key.reference().columns.map((column) => column.name));
  const named = config.columns
    .map((column) => column.name)
    .filter((name) => /(^|_)(user_id|owner|owner_id|subject)$/.test(name));
  return [...new Set([...referencing, ...named])];
}

describe('owned data registry', () => {
  it('finds the schema tables (the introspection itself works)', () => {
    const names = tables.map((table) => getTableName(table));
    expect(names).toEqual(
      expect.arrayContaining(['users', 'media_assets', 'scheduled_posts', 'analytics_events']),
    );
    expect(personColumns(schema.mediaAssets)).toEqual(['user_id']);
    expect(personColumns(schema.referralApplications).sort()).toEqual([
      'applicant_user_id',
      'referrer_user_id',
    ]);
  });

  it('knows every table of the schema: a new table must be added to the export and the deletion, or said to hold no person data', () => {
    const unknown = tables
      .map((table) => getTableName(table))
      .filter((name) => !(name in ownedTables) && !(name in unownedTables));
    expect(
      unknown,
      'add these tables to ownedTables (export + deletion) or unownedTables in owned-data.ts',
    ).toEqual([]);
  });

  it('never calls a table that points at a person "unowned"', () => {
    const misfiled = tables
      .filter((table) => getTableName(table) in unownedTables)
      .filter((table) => personColumns(table).length > 0)
      .map((table) => getTableName(table));
    expect(misfiled).toEqual([]);
  });

  it('registers each owned table under its own name, with an export place that exists or a reason', () => {
    const exportKeys = Object.keys(accountExportSchema.shape);
    for (const [name, entry] of Object.entries(ownedTables)) {
      expect(getTableName(entry.table)).toBe(name);
      if (typeof entry.export === 'string') expect(exportKeys).toContain(entry.export);
      else expect(entry.export.omitted.length).toBeGreaterThan(10);
    }
  });

  it('deletes explicitly every owned table the users row does not cascade to', () => {
    // A table cascades from users directly, or through a table that does (access_tokens through
    // sessions, link_clicks through tracked_links): deleting the users row then removes its rows.
    const cascadesFromUsers = (table: (typeof tables)[number], seen: Set<string> = new Set()): boolean =>
      getTableConfig(table).foreignKeys.some((key) => {
        if (key.onDelete !== 'cascade') return false;
        const parent = key.reference().foreignTable;
        const parentName = getTableName(parent);
        if (parentName === usersTableName) return true;
        if (seen.has(parentName)) return false;
        return cascadesFromUsers(parent as (typeof tables)[number], new Set([...seen, parentName]));
      });
    for (const table of tables) {
      const name = getTableName(table);
      const entry = ownedTables[name];
      if (!entry || name === usersTableName) continue;
      if (entry.deletion === 'cascade')
        expect(cascadesFromUsers(table), `${name} has no cascade from users`).toBe(true);
    }
  });
});
