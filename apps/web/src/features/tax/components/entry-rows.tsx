import type { ComponentType } from 'react';
import { Receipt } from 'lucide-react';
import {
  taxCategoryLabels,
  type TaxCurrency,
  type TaxEntryKind,
  type TaxEntryTypes,
  type TaxExpense,
  type TaxIncome,
} from '@app/shared/tax';
import { formatDay } from '../../../lib/format/date-time';
import { formatMoney } from '../../../lib/format/money';

interface EntryRow<K extends TaxEntryKind> {
  /** The row's content before its edit and delete buttons. */
  Row: ComponentType<{ entry: TaxEntryTypes[K]['entry']; currency: TaxCurrency }>;
  /** How buttons and the delete confirmation name the entry. */
  nameOf: (entry: TaxEntryTypes[K]['entry']) => string;
}

function IncomeRow({ entry, currency }: { entry: TaxIncome; currency: TaxCurrency }) {
  return (
    <>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-zinc-900 dark:text-white">{entry.platform}</p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {formatDay(entry.receivedOn)}
          {entry.note && ` · ${entry.note}`}
        </p>
      </div>
      <span className="font-medium text-emerald-700 tabular-nums dark:text-emerald-300">
        {formatMoney(entry.amountCents, currency)}
      </span>
    </>
  );
}

function ExpenseRow({ entry, currency }: { entry: TaxExpense; currency: TaxCurrency }) {
  return (
    <>
      {entry.receipt ? (
        <a
          href={entry.receipt.thumbnailUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="shrink-0"
          title={entry.receipt.filename}
        >
          <img
            src={entry.receipt.thumbnailUrl}
            alt={`Receipt ${entry.receipt.filename}`}
            className="size-10 rounded-md object-cover"
          />
        </a>
      ) : (
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-md bg-zinc-100 text-zinc-400 dark:bg-zinc-800"
          title="No receipt"
        >
          <Receipt aria-hidden="true" className="size-4" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-zinc-900 dark:text-white">
          {taxCategoryLabels[entry.category]}
        </p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {formatDay(entry.spentOn)}
          {entry.description && ` · ${entry.description}`}
          {!entry.receipt && ' · no receipt'}
        </p>
      </div>
      <span className="font-medium text-zinc-900 tabular-nums dark:text-white">
        {formatMoney(entry.amountCents, currency)}
      </span>
    </>
  );
}

/** The only part of a list row that differs by kind. */
export const entryRows: { [K in TaxEntryKind]: EntryRow<K> } = {
  income: {
    Row: IncomeRow,
    nameOf: (entry) => `${entry.platform} income of ${formatDay(entry.receivedOn)}`,
  },
  expense: {
    Row: ExpenseRow,
    nameOf: (entry) => `${taxCategoryLabels[entry.category]} expense of ${formatDay(entry.spentOn)}`,
  },
};
