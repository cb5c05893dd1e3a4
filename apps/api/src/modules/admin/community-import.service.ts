import { z } from 'zod';
import { communityInputSchema, type CommunityInput } from '@app/shared/communities';
import { errorBodySchema, errorCodes } from '@app/shared/errors';
import { csvToCommunityObjects } from './community-csv-rows.js';
import { CsvSyntaxError } from './community-csv.js';
import { upsertCommunities } from './admin-communities.repo.js';
import { describeIssue, type AdminCommunityDeps } from './admin-communities.service.js';

export const maxImportRows = 5_000;
const reportedProblems = 20;

export const importProblemSchema = z.object({
  /** 1-based position of the community in the import. */
  row: z.number().int(),
  /** CSV only: the file line the row starts on (the header is line 1). */
  line: z.number().int().optional(),
  field: z.string().optional(),
  message: z.string(),
});
// errors is optional: the error handler answers a malformed body with this route's 400 schema too.
export const importRejectionSchema = errorBodySchema.extend({
  errors: z.array(importProblemSchema).optional(),
});
export type ImportOutcome =
  | { ok: true; inserted: number; updated: number }
  | { ok: false; body: z.infer<typeof importRejectionSchema> };

const rejection = (problems: z.infer<typeof importProblemSchema>[], total: number): ImportOutcome => ({
  ok: false,
  body: {
    message: `${total} row${total === 1 ? ' is' : 's are'} invalid, so nothing was imported. Fix them and import again.`,
    code: errorCodes.validation,
    errors: problems.slice(0, reportedProblems),
  },
});

/** All or nothing: every row is validated by communityInputSchema before any is written. */
export async function importCommunities(deps: AdminCommunityDeps, body: string | { communities: unknown[] }) {
  let items: { line?: number; value: unknown }[];
  try {
    items =
      typeof body === 'string' ? csvToCommunityObjects(body) : body.communities.map((value) => ({ value }));
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return rejection([{ row: 0, line: error.line, message: error.message }], 1);
  }
  if (items.length === 0 || items.length > maxImportRows) {
    return rejection(
      [
        {
          row: 0,
          message: `An import holds 1 to ${maxImportRows} communities; this one has ${items.length}.`,
        },
      ],
      1,
    );
  }

  const problems: z.infer<typeof importProblemSchema>[] = [];
  const valid: CommunityInput[] = [];
  const firstRowByName = new Map<string, number>();
  items.forEach(({ line, value }, index) => {
    const row = index + 1;
    const parsed = communityInputSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ row, line, ...describeIssue(issue) });
      return;
    }
    const earlier = firstRowByName.get(parsed.data.name.toLowerCase());
    if (earlier !== undefined) {
      problems.push({
        row,
        line,
        field: 'name',
        message: `name: r/${parsed.data.name} already appears in row ${earlier}`,
      });
      return;
    }
    firstRowByName.set(parsed.data.name.toLowerCase(), row);
    valid.push(parsed.data);
  });
  if (problems.length > 0) return rejection(problems, new Set(problems.map((problem) => problem.row)).size);

  const counts = await upsertCommunities(deps.db, valid);
  deps.catalog.invalidate();
  return { ok: true as const, ...counts };
}
