import { z } from 'zod';
import { countOf } from './plural';
import { postProblemCodes } from './posts';

/**
 * Bulk import (docs/reddit-posting.md#bulk-import): a CSV file of posts, checked row by row with
 * the rules of a single post, and saved only as a whole once every row passes.
 */
export const csvImportLimits = {
  /** Characters of CSV text in one request (the file read as UTF-8 text). */
  maxChars: 512 * 1024,
  /** Posts (rows below the header) in one file. */
  maxRows: 200,
} as const;

/** The columns, in the order of the example file. subreddit, title and time are required. */
export const csvImportColumns = ['photo', 'subreddit', 'title', 'time', 'flair', 'first comment'] as const;
export type CsvImportColumn = (typeof csvImportColumns)[number];
export const csvImportRequiredColumns = [
  'subreddit',
  'title',
  'time',
] as const satisfies readonly CsvImportColumn[];

/** "YYYY-MM-DD HH:MM" (read in the request's timeZone) or ISO 8601 with an offset. */
export const csvLocalTimePattern = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

const columnList = csvImportColumns.join(', ');

export const csvImportTexts = {
  title: 'Import posts from a CSV file',
  intro: `One post per row. Columns: ${columnList}. Nothing is scheduled until every row passes and you confirm.`,
  fileLabel: 'CSV file',
  fileHint: (timeZone: string) =>
    `Times as YYYY-MM-DD HH:MM in your time zone (${timeZone}), or ISO 8601 with an offset. At most ${csvImportLimits.maxRows} posts per file, saved as CSV UTF-8.`,
  exampleLink: 'Download an example file',
  checking: 'Checking the file…',
  scheduling: 'Scheduling…',
  readFailed: 'The file could not be read. Choose it again.',
  checkFailed: 'The file could not be checked',
  importFailed: 'Nothing was scheduled',
  fixAndRetry: 'Fix the file and upload it again. Nothing has been scheduled.',
  allGood: (rows: number) =>
    `All ${countOf(rows, { one: 'row', other: 'rows' })} can be scheduled. Nothing is saved until you confirm.`,
  confirm: (rows: number) => `Schedule ${countOf(rows, { one: 'post', other: 'posts' })}`,
  imported: (rows: number) => `${countOf(rows, { one: 'post', other: 'posts' })} scheduled from the file.`,
  rowsNeedFixing: (rows: number) => `${countOf(rows, { one: 'row has', other: 'rows have' })} problems.`,
  rowsHaveProblems: (rows: number) =>
    `${countOf(rows, { one: 'row has', other: 'rows have' })} problems, so nothing was scheduled. Fix the file and upload it again.`,
  tooLarge: `The file is larger than ${csvImportLimits.maxChars / 1024} KB. Split it into smaller files.`,
  tooManyRows: `A file holds at most ${csvImportLimits.maxRows} posts. Split it into smaller files.`,
  empty: 'The file has no posts: add one row per post below the header.',
  encoding:
    'The file is not readable UTF-8 text (it has broken or empty characters). Save it again as "CSV UTF-8" and upload it again.',
  unreadable: (line: number, reason: string) =>
    `The file is not valid CSV near line ${line}: ${reason}. Check the quotes on that line.`,
  unknownColumns: (names: readonly string[]) =>
    `Unknown ${names.length === 1 ? 'column' : 'columns'} ${names.map((name) => `"${name}"`).join(', ')}. The columns are: ${columnList}.`,
  duplicateColumn: (name: string) => `The column "${name}" appears twice. Keep it once.`,
  missingColumns: (names: readonly string[]) =>
    `The header needs ${names.map((name) => `"${name}"`).join(', ')}. The columns are: ${columnList}.`,
  planLimit: (limit: number) =>
    `Your plan lets one file go to at most ${countOf(limit, { one: 'subreddit', other: 'subreddits' })}. Split the file, or upgrade for more.`,
  timeZoneInvalid: 'timeZone must be a time zone name such as Europe/Berlin or America/New_York.',
  // Row problems: what is wrong and how to fix it in the file.
  formula: (column: string) =>
    `The "${column}" cell starts with =, +, - or @, which spreadsheets run as a formula.`,
  formulaFix: 'Remove the leading character, or start the cell with a letter or a digit.',
  extraCells: (cells: number, columns: number) =>
    `This row has ${cells} cells but the header has ${columns} columns.`,
  extraCellsFix: 'Put commas inside quotes ("like, this") or remove the extra cells.',
  cellInvalid: (column: string, reason: string) => `${column}: ${reason}`,
  cellInvalidFix: (column: string) => `Correct the "${column}" cell.`,
  timeMissing: 'The time is empty.',
  timeInvalid: (value: string) =>
    `"${value}" is not a time we can read. Write it as YYYY-MM-DD HH:MM (for example 2026-12-24 18:30) or ISO 8601 with an offset.`,
  timeFix: 'Write the time as YYYY-MM-DD HH:MM in your time zone.',
  timeNotInZone: (value: string, zone: string) =>
    `${value} does not exist in ${zone} (the clocks change that night).`,
  timeNotInZoneFix: 'Pick a time an hour later.',
  timePastFix: 'Pick a time in the future.',
  timeFarFix: 'Pick an earlier date.',
  photoNotFound: (value: string) =>
    `No photo "${value}" in your gallery (it may have been deleted). Use a photo's file name or its id from the gallery.`,
  photoAmbiguous: (value: string, count: number) => `${count} photos in your gallery are named "${value}".`,
  photoAmbiguousFix: "Use the photo's id instead of its name (open the photo in the gallery to copy it).",
  photoFix: 'Upload the photo to the gallery first, or correct the name.',
  flairUnknown: (subreddit: string, flair: string, choices: readonly string[]) =>
    `r/${subreddit} has no flair "${flair}". Its flairs: ${choices.join(', ')}.`,
  flairFix: 'Write one of the subreddit’s flairs exactly.',
  subredditFix: 'Check the spelling, or remove the row.',
  spacingGap: (minutes: number) =>
    `Less than ${countOf(minutes, { one: 'minute', other: 'minutes' })} from another post of this Reddit account: Reddit's spam filter may hide both.`,
  spacingHour: (perHour: number) =>
    `This Reddit account would send more than ${countOf(perHour, { one: 'post', other: 'posts' })} within an hour: Reddit's spam filter may hide them.`,
  spacingFix: (minutes: number) =>
    `Move this post at least ${countOf(minutes, { one: 'minute', other: 'minutes' })} away from the account's other posts.`,
  accountGone: (username: string) =>
    `The Reddit account u/${username} was disconnected while the file was being imported, so nothing was scheduled. Connect it again, then upload the file again.`,
} as const;

export const csvImportProblemCodes = [
  ...postProblemCodes,
  'formula_cell',
  'extra_cells',
  'cell_invalid',
  'time_invalid',
  'time_in_past',
  'time_too_far',
  'photo_not_found',
  'photo_ambiguous',
  'photo_not_image',
  'flair_unknown',
  'subreddit_unavailable',
] as const;

export const csvImportProblemSchema = z.object({
  code: z.enum(csvImportProblemCodes),
  message: z.string(),
  fix: z.string().nullable(),
  /** The column the problem is in, when it is one cell's. */
  column: z.enum(csvImportColumns).nullable(),
  severity: z.enum(['block', 'warn']),
  /** The other post of a cooldown or spacing problem, for the client to show in the reader's zone. */
  at: z.iso.datetime().optional(),
});
export type CsvImportProblem = z.infer<typeof csvImportProblemSchema>;

const timeZoneField = z
  .string({ message: csvImportTexts.timeZoneInvalid })
  .max(64, { message: csvImportTexts.timeZoneInvalid })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: csvImportTexts.timeZoneInvalid },
  );

/** POST /api/posts/import/check (nothing saved) and POST /api/posts/import (all rows or none). */
export const csvImportRequestSchema = z.strictObject({
  /** The whole file as text. */
  csv: z.string({ message: 'csv must be the file as text' }).max(csvImportLimits.maxChars, {
    message: csvImportTexts.tooLarge,
  }),
  /** IANA time zone in which "YYYY-MM-DD HH:MM" times are read (the browser's). */
  timeZone: timeZoneField,
  /** Which linked account posts; the first linked one when absent. */
  redditAccountId: z.uuid({ message: 'redditAccountId must be a valid id (UUID)' }).optional(),
});
export type CsvImportRequest = z.input<typeof csvImportRequestSchema>;

export const csvImportRowSchema = z.object({
  /** The row's first line in the file (the header is line 1). */
  line: z.number().int(),
  subreddit: z.string(),
  title: z.string(),
  scheduledAt: z.iso.datetime().nullable(),
  imageId: z.uuid().nullable(),
  /** The photo cell as written (file name or id). */
  photo: z.string(),
  flair: z.string().nullable(),
  firstComment: z.string().nullable(),
  ok: z.boolean(),
  problems: z.array(csvImportProblemSchema),
});
export type CsvImportRow = z.infer<typeof csvImportRowSchema>;

export const csvImportCheckResponseSchema = z.object({
  ok: z.boolean(),
  rows: z.array(csvImportRowSchema),
  /** Problems with the file as a whole (encoding, header, size); no rows are checked then. */
  errors: z.array(z.string()),
  /** The account the posts would go out through; null when none is linked yet. */
  redditUsername: z.string().nullable(),
});
export type CsvImportCheckResponse = z.infer<typeof csvImportCheckResponseSchema>;

export const csvImportResponseSchema = z.object({
  message: z.string(),
  /** Ids of the scheduled posts, in file order. */
  postIds: z.array(z.uuid()),
});
export type CsvImportResponse = z.infer<typeof csvImportResponseSchema>;

export const csvImportErrorCodes = {
  fileInvalid: 'IMPORT_FILE_INVALID',
  rowsHaveProblems: 'IMPORT_HAS_PROBLEMS',
} as const;

/**
 * The example file GET /api/posts/import/example.csv serves: times a week from `now` (so the file
 * passes the "in the future" rule when tried), one row by file name, one text post, one by id.
 */
export function csvImportExample(now: Date): string {
  const day = (offset: number, time: string) =>
    `${new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10)} ${time}`;
  return [
    csvImportColumns.join(','),
    `sunset.jpg,example,Golden hour on the beach,${day(7, '18:30')},OC,Thanks for looking!`,
    `,AskReddit,What is the best thing you learned this year?,${day(8, '09:00')},,`,
    `3f0c1c9e-6f8e-4b43-9a57-2f5c1d2e8a10,example,"Morning coffee, with a view",${day(9, '20:00')},,`,
    '',
  ].join('\r\n');
}
