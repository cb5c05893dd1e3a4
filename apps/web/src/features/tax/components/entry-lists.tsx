import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { TaxCurrency, TaxEntryKind, TaxEntryTypes } from '@app/shared/tax';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { ListLoadError } from '../../../components/list-load-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDeleteTaxEntry, useTaxEntries } from '../api/tax-entries';
import { taxEntryViews } from '../entry-kinds';
import { EntryDialog } from './entry-dialog';
import { entryRows } from './entry-rows';

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

/** One kind's entries of the year, with add, edit and delete (after a confirmation). */
export function EntryList<K extends TaxEntryKind>({
  kind,
  year,
  currency,
}: {
  kind: K;
  year: number;
  currency: TaxCurrency;
}) {
  type Entry = TaxEntryTypes[K]['entry'];
  const view = taxEntryViews[kind];
  const { Row, nameOf } = entryRows[kind];
  const list = useTaxEntries(kind, year);
  const remove = useDeleteTaxEntry(kind);
  const [editing, setEditing] = useState<{ entry?: Entry } | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  return (
    <>
      <ListCard
        title={view.listTitle}
        addLabel={view.addLabel}
        onAdd={() => setEditing({})}
        list={list}
        failedTitle={view.failedTitle}
        empty={view.empty}
        row={(entry) => (
          <>
            <Row entry={entry} currency={currency} />
            <RowActions
              name={nameOf(entry)}
              onEdit={() => setEditing({ entry })}
              onDelete={() => setDeleting(entry)}
            />
          </>
        )}
      />
      <EntryDialog
        kind={kind}
        open={editing !== null}
        entry={editing?.entry}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting ? nameOf(deleting) : view.deleteFallbackName}?`}
        description={view.deleteDescription}
        confirmLabel={view.deleteLabel}
        busyLabel="Deleting..."
        isDeleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </>
  );
}
