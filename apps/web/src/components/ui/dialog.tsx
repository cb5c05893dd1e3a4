import type { ComponentProps } from 'react';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { cn } from './cn';
import { dialogOverlayClass, dialogPanelClass } from './dialog-styles';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps extends ComponentProps<typeof RadixDialog.Content> {
  closeLabel?: string;
}

export function DialogContent({ className, children, closeLabel = 'Close', ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={dialogOverlayClass} />
      <RadixDialog.Content className={cn(dialogPanelClass, className)} {...props}>
        {children}
        <RadixDialog.Close
          aria-label={closeLabel}
          className="absolute top-4 right-4 cursor-pointer rounded-md p-1 text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-white"
        >
          <X aria-hidden="true" className="size-4" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={cn('text-xl font-semibold tracking-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof RadixDialog.Description>) {
  return (
    <RadixDialog.Description
      className={cn('mt-1 text-sm text-zinc-600 dark:text-zinc-400', className)}
      {...props}
    />
  );
}
