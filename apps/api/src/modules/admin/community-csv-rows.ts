import { communityFields, type CommunityField } from '../communities/community-columns.js';
import { CsvSyntaxError, parseCsv } from './community-csv.js';

/** The import's columns (docs/communities-scoring.md); list columns separate items with `|`. */
export const csvColumns: readonly CommunityField[] = communityFields;
type Column = CommunityField;

const numberColumns = new Set<Column>([
  'members',
  'engagementRate',
  'averageUpvotes',
  'postingLimitPerDay',
  'postingCooldownHours',
  'minKarma',
  'minAccountAge',
]);
const booleanColumns = new Set<Column>(['verificationRequired', 'watermarksAllowed']);
const listColumns = new Set<Column>(['bestPostingTimes', 'tags', 'titleRules', 'contentRules']);
const ruleColumns = new Set<Column>([
  'minKarma',
  'minAccountAge',
  'watermarksAllowed',
  'sellingAllowed',
  'titleRules',
  'contentRules',
]);

// Values that do not convert stay strings, so the schema reports them with the field's name.
function convert(column: Column, raw: string): unknown {
  const cell = raw.trim();
  if (listColumns.has(column))
    return cell
      .split('|')
      .map((item) => item.trim())
      .filter(Boolean);
  if (numberColumns.has(column) && /^-?\d+(\.\d+)?$/.test(cell)) return Number(cell);
  if (booleanColumns.has(column) && /^(true|false|yes|no)$/i.test(cell)) return /^(true|yes)$/i.test(cell);
  return column === 'description' ? raw : cell;
}

/** CSV text as the objects communityInputSchema validates, each with the line it came from. */
export function csvToCommunityObjects(text: string): { line: number; value: Record<string, unknown> }[] {
  const [header, ...records] = parseCsv(text);
  if (!header)
    throw new CsvSyntaxError(1, 'line 1: the file is empty; it needs a header row and one row per community');
  const columns = header.cells.map((cell) => cell.trim());
  const unknown = columns.find((column) => !(csvColumns as readonly string[]).includes(column));
  if (unknown !== undefined) {
    throw new CsvSyntaxError(
      1,
      `line 1: unknown column "${unknown}"; the columns are ${csvColumns.join(', ')}`,
    );
  }
  return records.map(({ line, cells }) => {
    if (cells.length !== columns.length) {
      throw new CsvSyntaxError(
        line,
        `line ${line}: ${cells.length} cells where the header has ${columns.length}`,
      );
    }
    const value: Record<string, unknown> = {};
    const rules: Record<string, unknown> = {};
    columns.forEach((name, index) => {
      const column = name as Column;
      const raw = cells[index]!;
      if (raw.trim() === '' && !listColumns.has(column)) return;
      (ruleColumns.has(column) ? rules : value)[column] = convert(column, raw);
    });
    if (Object.keys(rules).length > 0) value.rules = rules;
    const { postingLimitPerDay: perDay = null, postingCooldownHours: cooldownHours = null } = value;
    delete value.postingLimitPerDay;
    delete value.postingCooldownHours;
    if (perDay !== null || cooldownHours !== null) value.postingLimits = { perDay, cooldownHours };
    return { line, value };
  });
}
