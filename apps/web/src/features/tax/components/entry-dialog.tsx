import type { ComponentType } from 'react';
import type { TaxEntryKind, TaxEntryTypes } from '@app/shared/tax';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { taxEntryViews } from '../entry-kinds';
import { ExpenseForm } from './expense-form';
import { IncomeForm } from './income-form';

type EntryFormComponent<K extends TaxEntryKind> = ComponentType<{
  entry?: TaxEntryTypes[K]['entry'];
  onDone: () => void;
}>;

const entryForms: { [K in TaxEntryKind]: EntryFormComponent<K> } = {
  income: IncomeForm,
  expense: ExpenseForm,
};

/** Add (entry undefined) or edit one entry of either kind. */
export function EntryDialog<K extends TaxEntryKind>({
  kind,
  open,
  entry,
  onClose,
}: {
  kind: K;
  open: boolean;
  entry?: TaxEntryTypes[K]['entry'];
  onClose: () => void;
}) {
  const view = taxEntryViews[kind];
  const Form = entryForms[kind] as EntryFormComponent<K>;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className={view.dialogWidth}>
        <DialogTitle>{entry ? view.editTitle : view.addTitle}</DialogTitle>
        <DialogDescription>{view.dialogDescription}</DialogDescription>
        {/* Keyed so each opening starts from the entry's saved values. */}
        {open && <Form key={entry?.id ?? 'new'} entry={entry} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
