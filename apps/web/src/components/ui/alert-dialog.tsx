import type { ComponentProps } from 'react';
import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import { cn } from './cn';

export const AlertDialog = RadixAlertDialog.Root;
export const AlertDialogCancel = RadixAlertDialog.Cancel;

/** A confirmation that must be answered: no close on outside click, focus starts on Cancel. */
export function AlertDialogContent({ className, ...props }: ComponentProps<typeof RadixAlertDialog.Content>) {
  return (
    <RadixAlertDialog.Portal>
      <RadixAlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in" />
      <RadixAlertDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl data-[state=open]:animate-fade-in',
          'dark:border-zinc-800 dark:bg-zinc-900',
          className,
        )}
        {...props}
      />
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
