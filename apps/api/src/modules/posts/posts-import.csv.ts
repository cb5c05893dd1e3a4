import { parse } from 'csv-parse/sync';
import {
  csvImportColumns,
  csvImportLimits,
  csvImportRequiredColumns,
  csvImportTexts,
  type CsvImportColumn,
} from '@app/shared/posts-import';

/**
 * The CSV file as rows of named cells, or the file-level errors that stop it being read at all
 * (docs/reddit-posting.md#bulk-import). Nothing about the rows' meaning is checked here.
 */

export interface CsvRow<Column extends string = CsvImportColumn> {
  /** The row's first line in the file (the header is line 1). */
  line: number;
  cells: Partial<Record<Column, string>>;
  /** How many cells the row had, when more than the header's columns. */
  extraCells: number | null;
}

export type ParsedCsv<Column extends string = CsvImportColumn> =
  { ok: true; rows: CsvRow<Column>[]; columns: number } | { ok: false; errors: string[] };

/** "First Comment", "first_comment", "firstComment" all name the same column. */
export const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const columnsByKey = new Map(csvImportColumns.map((column) => [columnKey(column), column]));

function csvReason(error: unknown, lastGoodLine: number): { line: number; reason: string } {
  const err = error as { code?: string; lines?: number; message?: string };
  // An unclosed quote is only noticed at the end of the file; it opened on the row after the last good one.
  if (err.code === 'CSV_QUOTE_NOT_CLOSED')
    return { line: lastGoodLine + 1, reason: 'a quote is opened but never closed' };
  const reason =
    err.code === 'CSV_INVALID_CLOSING_QUOTE'
      ? 'a quote closes in the middle of a cell'
      : 'it cannot be read as CSV';
  return { line: err.lines ?? 1, reason };
}

/**
 * Semicolons separate cells in files saved by spreadsheets set to some languages; the header
 * line says which one this file uses.
 */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}

/** What one kind of CSV file expects: its columns (by header key), limits and header texts. */
export interface CsvTableSpec<Column extends string> {
  /** Header names, reduced by columnKey, to the column they name (several names may name one). */
  columnsByKey: ReadonlyMap<string, Column>;
  required: readonly Column[];
  maxRows: number;
  texts: {
    empty: string;
    tooManyRows: string;
    unknownColumns: (names: readonly string[]) => string;
    duplicateColumn: (name: string) => string;
    missingColumns: (names: readonly string[]) => string;
  };
}

/**
 * A CSV file as rows of named cells, or the file-level errors (encoding, size, quotes, header,
 * row count) that stop it being read at all. Shared by every CSV import.
 */
export function parseCsvTable<Column extends string>(
  input: string,
  spec: CsvTableSpec<Column>,
): ParsedCsv<Column> {
  // U+FFFD is what a non-UTF-8 file becomes when the browser reads it as UTF-8; NUL means UTF-16 or binary.
  if (input.includes('\uFFFD') || input.includes('\u0000'))
    return { ok: false, errors: [csvImportTexts.encoding] };
  const text = input.replace(/^\uFEFF/, '');
  if (text.length > csvImportLimits.maxChars) return { ok: false, errors: [csvImportTexts.tooLarge] };
  let records: { record: string[]; info: { lines: number } }[];
  let lastGoodLine = 0;
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      // A quote inside an unquoted cell (5" tall) is text, as spreadsheets read it.
      relax_quotes: true,
      on_record: (record: string[], context: { lines: number }) => {
        lastGoodLine = context.lines;
        return record;
      },
      skip_empty_lines: true,
      // The header, the limit, and one more to know the limit is passed; the rest is not read.
      to: spec.maxRows + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const { line, reason } = csvReason(error, lastGoodLine);
    return { ok: false, errors: [csvImportTexts.unreadable(line, reason)] };
  }
  const [header, ...body] = records.filter((entry) => entry.record.some((cell) => cell.trim() !== ''));
  if (!header) return { ok: false, errors: [spec.texts.empty] };
  const errors: string[] = [];
  const columns: (Column | null)[] = [];
  const unknown: string[] = [];
  for (const raw of header.record) {
    const name = raw.trim();
    const column = spec.columnsByKey.get(columnKey(name)) ?? null;
    if (!column) {
      if (name !== '') unknown.push(name.slice(0, 40));
    } else if (columns.includes(column)) errors.push(spec.texts.duplicateColumn(column));
    columns.push(column);
  }
  if (unknown.length > 0) errors.push(spec.texts.unknownColumns(unknown));
  const missing = spec.required.filter((column) => !columns.includes(column));
  if (missing.length > 0) errors.push(spec.texts.missingColumns(missing));
  if (body.length === 0) errors.push(spec.texts.empty);
  if (body.length > spec.maxRows) errors.push(spec.texts.tooManyRows);
  if (errors.length > 0) return { ok: false, errors };
  const rows = body.map(({ record, info }): CsvRow<Column> => {
    const cells: CsvRow<Column>['cells'] = {};
    columns.forEach((column, index) => {
      if (column) cells[column] = record[index] ?? '';
    });
    // csv-parse counts lines to the end of the record; a quoted cell may span several.
    const inside = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    const extra = record.slice(columns.length).some((cell) => cell.trim() !== '');
    return { line: info.lines - inside, cells, extraCells: extra ? record.length : null };
  });
  return { ok: true, rows, columns: columns.length };
}

/** The posts file (docs/reddit-posting.md#bulk-import). */
export function parseCsv(input: string): ParsedCsv {
  return parseCsvTable(input, {
    columnsByKey,
    required: csvImportRequiredColumns,
    maxRows: csvImportLimits.maxRows,
    texts: csvImportTexts,
  });
}

/** Spreadsheets run a cell starting with these as a formula (CSV injection). */
export const formulaStart = /^[=+\-@\t\r]/;

/**
 * The UTC instant of a wall-clock time in an IANA zone, or null when that time does not exist
 * there (the hour skipped when clocks go forward). A repeated hour (clocks go back) is its first.
 */
export function zonedTime(
  parts: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date | null {
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const wallOf = (instant: number) => {
    const get = (type: string) =>
      Number(format.formatToParts(new Date(instant)).find((part) => part.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  };
  // The zone's offset around that time; two tries settle a guess near a clock change.
  const candidates = new Set<number>();
  for (const probe of [wall, wall - 86_400_000, wall + 86_400_000]) {
    const offset = wallOf(probe) - probe;
    candidates.add(wall - offset);
  }
  const matching = [...candidates].filter((instant) => wallOf(instant) === wall).sort((a, b) => a - b);
  return matching.length > 0 ? new Date(matching[0]!) : null;
}
