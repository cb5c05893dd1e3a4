import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Receipt, Trash2 } from 'lucide-react';
import { taxCategoryLabels, type TaxCurrency, type TaxExpense, type TaxIncome } from '@app/shared/tax';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { ListLoadError } from '../../../components/list-load-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDeleteTaxExpense, useTaxExpenses } from '../api/tax-expenses';
import { useDeleteTaxIncome, useTaxIncome } from '../api/tax-income';
import { taxPageTexts } from '../tax-texts';
import { ExpenseDialog } from './expense-dialog';
import { IncomeDialog } from './income-dialog';
import { formatMoney } from '../../../lib/format/money';
import { formatDay } from '../../../lib/format/date-time';

interface ListState<T> {
  isPending: boolean;
  error: unknown;
  data?: T[];
  refetch: () => unknown;
}

function ListCard<T extends { id: string }>(props: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  list: ListState<T>;
  failedTitle: string;
  empty: string;
  row: (item: T) => ReactNode;
}) {
  const { list } = props;
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="text-base text-zinc-900 dark:text-white">{props.title}</CardTitle>
        <Button size="sm" onClick={props.onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          {props.addLabel}
        </Button>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">{`Loading ${props.title.toLowerCase()}...`}</span>
            {[0, 1, 2].map((index) => (
              <div
                key={index}
                aria-hidden="true"
                className="h-12 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800"
              />
            ))}
          </div>
        ) : list.error ? (
          <ListLoadError title={props.failedTitle} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data?.length ? (
          <ul aria-label={props.title} className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.data.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-3">
                {props.row(item)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{props.empty}</p>
        )}
      </CardContent>
    </Card>
  );
}

function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 gap-1">
      <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-red-700 dark:text-red-300"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

export function IncomeList({ year, currency }: { year: number; currency: TaxCurrency }) {
  const list = useTaxIncome(year);
  const remove = useDeleteTaxIncome();
  const [editing, setEditing] = useState<{ entry?: TaxIncome } | null>(null);
  const [deleting, setDeleting] = useState<TaxIncome | null>(null);
  const nameOf = (entry: TaxIncome) => `${entry.platform} income of ${formatDay(entry.receivedOn)}`;
  return (
    <>
      <ListCard
        title={taxPageTexts.incomeListTitle}
        addLabel={taxPageTexts.addIncome}
        onAdd={() => setEditing({})}
        list={list}
        failedTitle={taxPageTexts.incomeFailed}
        empty={taxPageTexts.incomeEmpty}
        row={(entry) => (
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
            <RowActions
              name={nameOf(entry)}
              onEdit={() => setEditing({ entry })}
              onDelete={() => setDeleting(entry)}
            />
          </>
        )}
      />
      <IncomeDialog open={editing !== null} entry={editing?.entry} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting ? nameOf(deleting) : 'this income'}?`}
        description="It is removed from your totals, estimates and exports. This cannot be undone."
        confirmLabel="Delete income"
        busyLabel="Deleting..."
        isDeleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </>
  );
}

export function ExpenseList({ year, currency }: { year: number; currency: TaxCurrency }) {
  const list = useTaxExpenses(year);
  const remove = useDeleteTaxExpense();
  const [editing, setEditing] = useState<{ entry?: TaxExpense } | null>(null);
  const [deleting, setDeleting] = useState<TaxExpense | null>(null);
  const nameOf = (entry: TaxExpense) =>
    `${taxCategoryLabels[entry.category]} expense of ${formatDay(entry.spentOn)}`;
  return (
    <>
      <ListCard
        title={taxPageTexts.expenseListTitle}
        addLabel={taxPageTexts.addExpense}
        onAdd={() => setEditing({})}
        list={list}
        failedTitle={taxPageTexts.expenseFailed}
        empty={taxPageTexts.expenseEmpty}
        row={(entry) => (
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
            <RowActions
              name={nameOf(entry)}
              onEdit={() => setEditing({ entry })}
              onDelete={() => setDeleting(entry)}
            />
          </>
        )}
      />
      <ExpenseDialog open={editing !== null} entry={editing?.entry} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting ? nameOf(deleting) : 'this expense'}?`}
        description="It is removed from your totals, estimates and exports; the receipt photo stays in your gallery. This cannot be undone."
        confirmLabel="Delete expense"
        busyLabel="Deleting..."
        isDeleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </>
  );
}
