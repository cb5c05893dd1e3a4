import {
  subscriberCountField,
  subscriberImportErrorCode,
  subscriberLimits,
  subscriberSourceField,
  subscriberTexts,
  type SubscriberCount,
  type SubscriberImportReport,
  type SubscriberImportRow,
} from '@app/shared/subscribers';
import type { Database } from '../../db/client.js';
import type { SubscriberCountRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { formulaStart, parseCsvTable, type CsvRow } from '../posts/posts-import.csv.js';
import {
  deleteSubscriberCounts,
  knownSources,
  listSubscriberCounts,
  upsertSubscriberCounts,
  type SubscriberCountValues,
} from './subscribers.repo.js';

/**
 * New subscribers per day (docs/tracked-links.md#subscribers): typed in one day at a time or
 * imported from a statement's CSV, all rows or none.
 */

const dayMs = 86_400_000;
const isoDayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * The latest day that has begun anywhere (UTC+14): a creator east of UTC records "today" while
 * it is still yesterday in UTC, and that day is not in the future for her.
 */
export const latestDay = (now: Date) => isoDayOf(now.getTime() + 14 * 3_600_000);

/** The earliest day that may be recorded: the same calendar day, two years back. */
export function earliestDay(now: Date): string {
  const back = new Date(now);
  back.setUTCFullYear(back.getUTCFullYear() - subscriberLimits.maxYearsBack);
  return isoDayOf(back.getTime());
}

/** The first day of a period of `days` days ending today (UTC). */
export const periodStart = (now: Date, days: number) => isoDayOf(now.getTime() - (days - 1) * dayMs);

/** Why a (well-formed) day cannot be recorded, or null. */
function dayOutOfRange(day: string, now: Date): string | null {
  if (day > latestDay(now)) return subscriberTexts.dayFuture;
  if (day < earliestDay(now)) return subscriberTexts.dayTooOld;
  return null;
}

/** A source as she first spelled it, when she already uses it in another case. */
function canonicalSource(source: string, known: readonly string[]): string {
  return known.find((other) => other.toLowerCase() === source.toLowerCase()) ?? source;
}

const toCount = (row: SubscriberCountRow): SubscriberCount => ({
  day: row.day,
  source: row.source,
  newSubscribers: row.newSubscribers,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listSubscribers(db: Database, userId: string, days: number, now = new Date()) {
  const rows = await listSubscriberCounts(db, userId, periodStart(now, days));
  return { days: rows.map(toCount) };
}

export async function saveSubscriberCount(
  db: Database,
  userId: string,
  input: SubscriberCountValues,
  now = new Date(),
) {
  const refusal = dayOutOfRange(input.day, now);
  if (refusal) throw AppError.badRequest(refusal);
  const source = canonicalSource(input.source, await knownSources(db, userId));
  const { rows } = await upsertSubscriberCounts(db, userId, [{ ...input, source }]);
  const row = rows[0]!;
  return {
    message: subscriberTexts.saved(row.day, row.source, row.newSubscribers),
    count: toCount(row),
  };
}

export async function deleteSubscriberDay(
  db: Database,
  userId: string,
  day: string,
  source: string | undefined,
) {
  const deleted = await deleteSubscriberCounts(db, userId, day, source);
  if (deleted === 0) throw AppError.notFound(subscriberTexts.notFound);
  return { message: subscriberTexts.deleted(day), deleted };
}

// --- CSV import ---

type Column = 'date' | 'new subscribers' | 'source';

/** Header names statements and spreadsheets use, reduced by columnKey. */
const columnsByKey = new Map<string, Column>([
  ...['date', 'day'].map((name) => [name, 'date'] as const),
  ...[
    'newsubscribers',
    'subscribers',
    'newsubs',
    'subs',
    'newfans',
    'fans',
    'newsubscriptions',
    'subscriptions',
  ].map((name) => [name, 'new subscribers'] as const),
  ...['source', 'platform'].map((name) => [name, 'source'] as const),
]);

const isoDayPattern = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const usDayPattern = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** YYYY-MM-DD or MM/DD/YYYY, as a real calendar day; null otherwise. */
export function readCsvDay(value: string): string | null {
  const iso = isoDayPattern.exec(value);
  const us = usDayPattern.exec(value);
  const parts = iso
    ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
    : us
      ? { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) }
      : null;
  if (!parts) return null;
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  if (
    date.getUTCFullYear() !== parts.year ||
    date.getUTCMonth() !== parts.month - 1 ||
    date.getUTCDate() !== parts.day
  )
    return null;
  return date.toISOString().slice(0, 10);
}

/** A whole number, digits only or grouped by commas ("1,204"). */
function readCsvCount(value: string): number | null {
  if (!/^(\d+|\d{1,3}(,\d{3})+)$/.test(value)) return null;
  const parsed = subscriberCountField.safeParse(Number(value.replaceAll(',', '')));
  return parsed.success ? parsed.data : null;
}

function readRow(
  csvRow: CsvRow<Column>,
  columns: number,
  fallbackSource: string,
  known: readonly string[],
  now: Date,
): SubscriberImportRow {
  const problems: string[] = [];
  if (csvRow.extraCells !== null) problems.push(subscriberTexts.rowExtraCells(csvRow.extraCells, columns));
  for (const [column, value] of Object.entries(csvRow.cells) as [Column, string][]) {
    // Checked on the raw cell too: a spreadsheet may ignore leading spaces.
    if (formulaStart.test(value) || formulaStart.test(value.trim()))
      problems.push(subscriberTexts.rowFormula(column));
  }
  const formula = problems.length > 0;
  const dateCell = (csvRow.cells.date ?? '').trim();
  const day = readCsvDay(dateCell);
  if (!day) {
    if (!formula) problems.push(subscriberTexts.rowDateInvalid(dateCell.slice(0, 40)));
  } else {
    const refusal = dayOutOfRange(day, now);
    if (refusal) problems.push(`${day}: ${refusal}`);
  }
  const countCell = (csvRow.cells['new subscribers'] ?? '').trim();
  const count = readCsvCount(countCell);
  if (count === null && !formula) problems.push(subscriberTexts.rowCountInvalid(countCell.slice(0, 40)));
  const sourceCell = (csvRow.cells.source ?? '').trim();
  const source =
    sourceCell === ''
      ? { success: true as const, data: fallbackSource }
      : subscriberSourceField.safeParse(sourceCell);
  if (!source.success && !formula) problems.push(subscriberTexts.sourceInvalid);
  return {
    line: csvRow.line,
    day,
    source: source.success ? canonicalSource(source.data, known) : sourceCell.slice(0, 40),
    newSubscribers: count,
    problems,
  };
}

type ImportResult =
  | { ok: true; message: string; imported: number; replaced: number }
  | { ok: false; report: SubscriberImportReport };

/** POST /api/results/subscribers/import: every row checked; all saved, or none. */
export async function importSubscribers(
  db: Database,
  userId: string,
  input: { csv: string; source: string },
  now = new Date(),
): Promise<ImportResult> {
  const parsed = parseCsvTable<Column>(input.csv, {
    columnsByKey,
    required: ['date', 'new subscribers'],
    maxRows: subscriberLimits.maxRows,
    texts: subscriberTexts,
  });
  if (!parsed.ok)
    return {
      ok: false,
      report: {
        message: `${subscriberTexts.importFailed}: ${parsed.errors.join(' ')}`,
        code: subscriberImportErrorCode,
        errors: parsed.errors,
        rows: [],
      },
    };
  const known = await knownSources(db, userId);
  const fallback = canonicalSource(input.source, known);
  const rows = parsed.rows.map((row) => readRow(row, parsed.columns, fallback, known, now));
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (!row.day) continue;
    const key = `${row.day}|${row.source.toLowerCase()}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, row.line);
    else row.problems.push(subscriberTexts.rowDuplicate(row.day, row.source, first));
  }
  const blocked = rows.filter((row) => row.problems.length > 0).length;
  if (blocked > 0)
    return {
      ok: false,
      report: {
        message: subscriberTexts.rowsHaveProblems(blocked),
        code: subscriberImportErrorCode,
        errors: [],
        rows,
      },
    };
  const { rows: saved, replaced } = await upsertSubscriberCounts(
    db,
    userId,
    rows.map((row) => ({ day: row.day!, source: row.source, newSubscribers: row.newSubscribers! })),
  );
  return {
    ok: true,
    message: subscriberTexts.imported(saved.length, replaced),
    imported: saved.length,
    replaced,
  };
}
