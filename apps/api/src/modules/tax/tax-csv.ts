import {
  centsToDecimal,
  taxCategoryLabels,
  type TaxCurrency,
  type TaxExpenseCategory,
} from '@app/shared/tax';

export interface CsvEntry {
  date: string;
  type: 'Income' | 'Expense';
  source: string;
  description: string | null;
  amountCents: number;
  receiptFilename: string | null;
}

/**
 * OWASP CSV injection: a cell starting with = + - @ tab or CR could run as a formula in a
 * spreadsheet, so it gets a leading apostrophe. Amounts are never negative, so none is touched.
 */
function defused(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: every field quoted, inner quotes doubled; lines end with CRLF. */
function field(value: string): string {
  return `"${defused(value).replaceAll('"', '""')}"`;
}

export function toCsv(entries: CsvEntry[], currency: TaxCurrency): string {
  const header = [
    'Date',
    'Type',
    'Platform or category',
    'Description',
    `Amount (${currency.toUpperCase()})`,
    'Receipt file',
  ];
  const lines = [
    header,
    ...entries.map((entry) => [
      entry.date,
      entry.type,
      entry.source,
      entry.description ?? '',
      centsToDecimal(entry.amountCents),
      entry.receiptFilename ?? '',
    ]),
  ].map((cells) => cells.map(field).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const categoryLabelOf = (category: TaxExpenseCategory) => taxCategoryLabels[category];
