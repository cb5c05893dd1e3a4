import type { ComponentProps } from 'react';
import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import { cn } from './cn';
import { dialogOverlayClass, dialogPanelClass } from './dialog-styles';

export const AlertDialog = RadixAlertDialog.Root;
export const AlertDialogCancel = RadixAlertDialog.Cancel;

/** A confirmation that must be answered: no close on outside click, focus starts on Cancel. */
export function AlertDialogContent({ className, ...props }: ComponentProps<typeof RadixAlertDialog.Content>) {
  return (
    <RadixAlertDialog.Portal>
      <RadixAlertDialog.Overlay className={dialogOverlayClass} />
      <RadixAlertDialog.Content className={cn(dialogPanelClass, className)} {...props} />
    </RadixAlertDialog.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof RadixAlertDialog.Title>) {
  return (
    <RadixAlertDialog.Title className={cn('text-lg font-semibold tracking-tight', className)} {...props} />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof RadixAlertDialog.Description>) {
  return (
    <RadixAlertDialog.Description
      className={cn('mt-2 text-sm text-zinc-600 dark:text-zinc-400', className)}
      {...props}
    />
  );
}
