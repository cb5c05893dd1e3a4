import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { communityInputSchema } from '@app/shared/communities';
import { communitySeedPath, readCommunitySeed } from '../../db/seed/community-seed-file.js';
import { communityColumns, communityFields } from '../communities/community-columns.js';
import { toCommunityValues } from '../communities/community-row.js';
import { csvColumns, csvToCommunityObjects } from './community-csv-rows.js';

type SeedEntry = Record<string, unknown> & {
  postingLimits: Record<string, unknown>;
  rules: Record<string, unknown>;
};

/** A seed entry as one flat record keyed by import column (postingLimits split, rules lifted). */
function flatten({ postingLimits, rules, ...top }: SeedEntry): Record<string, unknown> {
  return {
    ...top,
    postingLimitPerDay: postingLimits.perDay,
    postingCooldownHours: postingLimits.cooldownHours,
    ...rules,
  };
}

function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : Array.isArray(value) ? value.join('|') : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

describe('the communities seed and the CSV import share one column list', () => {
  it('names the same fields: every field a seed entry carries is an import column, and the reverse', async () => {
    const raw = JSON.parse(await readFile(communitySeedPath, 'utf8')) as { communities: SeedEntry[] };
    for (const entry of raw.communities)
      expect(Object.keys(flatten(entry)).sort()).toEqual([...csvColumns].sort());
    expect(csvColumns).toContain('minAccountAge');
    expect(communityColumns).toContain('minAccountAgeDays');
    expect(communityColumns).toHaveLength(communityFields.length);
  });

  it('imports every seed entry, written as CSV, to exactly the row values the seed writes', async () => {
    const raw = JSON.parse(await readFile(communitySeedPath, 'utf8')) as { communities: SeedEntry[] };
    const seed = await readCommunitySeed();
    const csv = [
      csvColumns.join(','),
      ...raw.communities.map((entry) => {
        const flat = flatten(entry);
        return csvColumns.map((column) => csvCell(flat[column])).join(',');
      }),
    ].join('\n');
    const imported = csvToCommunityObjects(csv).map(({ value }) =>
      toCommunityValues(communityInputSchema.parse(value)),
    );
    const seeded = seed.communities.map(toCommunityValues);
    expect(imported).toHaveLength(seeded.length);
    imported.forEach((row, index) => {
      for (const column of communityColumns)
        expect([row.name, column, row[column]]).toEqual([row.name, column, seeded[index]![column]]);
    });
  });
});
