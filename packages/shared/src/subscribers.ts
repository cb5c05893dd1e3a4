import { z } from 'zod';
import { countOf } from './plural';

/**
 * New subscribers per day, recorded by the creator from her platform's statement
 * (docs/tracked-links.md#subscribers). Results shares them out by subreddit as an estimate.
 */
export const subscriberLimits = {
  /** New subscribers on one day from one source. */
  maxPerDay: 100_000,
  /** How far back a day may be recorded. */
  maxYearsBack: 2,
  /** Days (rows below the header) in one CSV file. */
  maxRows: 1000,
  sourceMaxChars: 40,
} as const;

export const defaultSubscriberSource = 'OnlyFans';

/** The day formats a CSV file may use; a statement from the US writes MM/DD/YYYY. */
export const subscriberCsvDateFormats = 'YYYY-MM-DD (2026-11-20) or MM/DD/YYYY (11/20/2026)';

export const subscriberTexts = {
  title: 'New subscribers',
  intro:
    'Record how many new subscribers you got each day (from your platform’s statement). Results then estimates which subreddits they came from.',
  dayLabel: 'Day',
  sourceLabel: 'Source',
  countLabel: 'New subscribers',
  save: 'Save day',
  saving: 'Saving…',
  listTitle: 'Recorded days',
  listEmpty: 'No days recorded in this period yet.',
  delete: (day: string, source: string) => `Delete ${day} (${source})`,
  dayInvalid: 'Enter the day as YYYY-MM-DD, for example 2026-11-20.',
  dayFuture: 'That day has not happened yet: record days up to today.',
  dayTooOld: `Days more than ${subscriberLimits.maxYearsBack} years ago cannot be recorded.`,
  countInvalid: `New subscribers must be a whole number from 0 to ${subscriberLimits.maxPerDay.toLocaleString('en-US')}.`,
  sourceInvalid: `Name the source in 1 to ${subscriberLimits.sourceMaxChars} characters, for example ${defaultSubscriberSource}.`,
  saved: (day: string, source: string, count: number) =>
    `${countOf(count, { one: 'new subscriber', other: 'new subscribers' })} saved for ${day} (${source}).`,
  deleted: (day: string) => `The count for ${day} was deleted.`,
  notFound: 'No count is recorded for that day.',
  saveFailed: 'The count was not saved',
  deleteFailed: 'Could not delete the count',
  // CSV import
  importTitle: 'Import from a CSV file',
  importIntro: `Columns: date and new subscribers (headers such as "Date" and "New subscribers" or "Subscribers" work), optionally source. Dates as ${subscriberCsvDateFormats}. Nothing is saved unless every row passes; a day already recorded is replaced.`,
  fileLabel: 'CSV file',
  exampleLink: 'Download an example file',
  importing: 'Importing…',
  readFailed: 'The file could not be read. Choose it again.',
  importFailed: 'Nothing was imported',
  fixAndRetry: 'Fix the file and upload it again. Nothing has been saved.',
  imported: (rows: number, replaced: number) =>
    `${countOf(rows, { one: 'day', other: 'days' })} imported${replaced > 0 ? ` (${countOf(replaced, { one: 'earlier count', other: 'earlier counts' })} replaced)` : ''}.`,
  rowsHaveProblems: (rows: number) =>
    `${countOf(rows, { one: 'row has', other: 'rows have' })} problems, so nothing was imported.`,
  empty: 'The file has no days: add one row per day below the header.',
  tooManyRows: `A file holds at most ${subscriberLimits.maxRows.toLocaleString('en-US')} days. Split it into smaller files.`,
  unknownColumns: (names: readonly string[]) =>
    `Unknown ${names.length === 1 ? 'column' : 'columns'} ${names.map((name) => `"${name}"`).join(', ')}. The columns are: date, new subscribers, source (optional).`,
  duplicateColumn: (name: string) => `The column "${name}" appears twice. Keep it once.`,
  missingColumns: (names: readonly string[]) =>
    `The header needs ${names.map((name) => `"${name}"`).join(', ')}. The columns are: date, new subscribers, source (optional).`,
  rowDateInvalid: (value: string) =>
    `"${value}" is not a date we can read. Write it as ${subscriberCsvDateFormats}.`,
  rowCountInvalid: (value: string) =>
    `"${value}" is not a number of new subscribers: write a whole number from 0 to ${subscriberLimits.maxPerDay.toLocaleString('en-US')}.`,
  rowFormula: (column: string) =>
    `The "${column}" cell starts with =, +, - or @, which spreadsheets run as a formula. Remove that character.`,
  rowExtraCells: (cells: number, columns: number) =>
    `This row has ${cells} cells but the header has ${columns} columns.`,
  rowDuplicate: (day: string, source: string, line: number) =>
    `${day} (${source}) is already on line ${line}. Keep one row per day.`,
  line: (line: number) => `Line ${line}`,
  // In Results
  estimateColumn: 'Est. subscribers',
  estimateNote: 'Estimated from your share of link visitors: not a count of who subscribed from where.',
  estimateMethod: (days: number) =>
    `New subscribers recorded for the last ${days} days, shared out by each subreddit’s share of the visitors your tracked links counted from posts sent in that time (bots apart).`,
  estimateNoSubscribers: 'No new subscribers recorded in this period, so there is no estimate by subreddit.',
  estimateNoVisitors:
    'No visitors counted through your tracked links in this period, so the subscribers cannot be shared out by subreddit.',
  recordedTotal: (count: number, days: number) =>
    `${countOf(count, { one: 'new subscriber', other: 'new subscribers' })} recorded over ${countOf(days, { one: 'day', other: 'days' })}.`,
} as const;

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
export const isoDay = z
  .string({ message: subscriberTexts.dayInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: subscriberTexts.dayInvalid })
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, subscriberTexts.dayInvalid);

export const subscriberSourceField = z
  .string({ message: subscriberTexts.sourceInvalid })
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, { message: subscriberTexts.sourceInvalid })
      .max(subscriberLimits.sourceMaxChars, { message: subscriberTexts.sourceInvalid })
      .refine((value) => !/^[=+\-@]/.test(value), subscriberTexts.sourceInvalid),
  );

export const subscriberCountField = z
  .number({ message: subscriberTexts.countInvalid })
  .int({ message: subscriberTexts.countInvalid })
  .min(0, { message: subscriberTexts.countInvalid })
  .max(subscriberLimits.maxPerDay, { message: subscriberTexts.countInvalid });

/** PUT /api/results/subscribers: one day's count, replacing what that day and source had. */
export const putSubscriberCountSchema = z.strictObject({
  day: isoDay,
  source: subscriberSourceField.default(defaultSubscriberSource),
  newSubscribers: subscriberCountField,
});
export type PutSubscriberCount = z.input<typeof putSubscriberCountSchema>;

export const subscriberCountSchema = z.object({
  day: z.string(),
  source: z.string(),
  newSubscribers: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type SubscriberCount = z.infer<typeof subscriberCountSchema>;

export const subscriberListQuerySchema = z.strictObject({
  days: z.coerce
    .number({ message: 'days must be a whole number from 1 to 730' })
    .int({ message: 'days must be a whole number from 1 to 730' })
    .min(1, { message: 'days must be a whole number from 1 to 730' })
    .max(730, { message: 'days must be a whole number from 1 to 730' })
    .default(90),
});

/** Newest day first. */
export const subscriberListResponseSchema = z.object({ days: z.array(subscriberCountSchema) });

export const subscriberSavedResponseSchema = z.object({
  message: z.string(),
  count: subscriberCountSchema,
});

export const subscriberDayParamsSchema = z.strictObject({ day: isoDay });
export const subscriberDeleteQuerySchema = z.strictObject({
  /** Only this source's count; every source of the day when absent. */
  source: subscriberSourceField.optional(),
});
export const subscriberDeletedResponseSchema = z.object({ message: z.string(), deleted: z.number().int() });

export const subscriberImportRequestSchema = z.strictObject({
  /** The whole file as text. */
  csv: z.string({ message: 'csv must be the file as text' }).max(512 * 1024, {
    message: 'The file is larger than 512 KB. Split it into smaller files.',
  }),
  /** The source of rows without a source cell. */
  source: subscriberSourceField.default(defaultSubscriberSource),
});
export type SubscriberImportRequest = z.input<typeof subscriberImportRequestSchema>;

export const subscriberImportRowSchema = z.object({
  line: z.number().int(),
  day: z.string().nullable(),
  source: z.string(),
  newSubscribers: z.number().int().nullable(),
  problems: z.array(z.string()),
});
export type SubscriberImportRow = z.infer<typeof subscriberImportRowSchema>;

/** 422: nothing saved; file-level errors, or each row with its problems. */
export const subscriberImportReportSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.string()),
  rows: z.array(subscriberImportRowSchema),
});
export type SubscriberImportReport = z.infer<typeof subscriberImportReportSchema>;

export const subscriberImportResponseSchema = z.object({
  message: z.string(),
  imported: z.number().int(),
  replaced: z.number().int(),
});

export const subscriberImportErrorCode = 'SUBSCRIBER_IMPORT_INVALID';

/** The example file: the last three days before `now`, as a statement would list them. */
export function subscriberCsvExample(now: Date): string {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  return ['Date,New subscribers', `${day(3)},12`, `${day(2)},7`, `${day(1)},15`, ''].join('\r\n');
}
