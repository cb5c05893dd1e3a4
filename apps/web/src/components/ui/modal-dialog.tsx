import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from './cn';
import { dialogBoxClass } from './dialog-styles';

interface ModalDialogProps {
  title: ReactNode;
  description: ReactNode;
  /** Escape, the close button and a click on the backdrop all end up here. */
  onClose: () => void;
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the browser's own <dialog> (decision 033): showModal() makes the rest of the page
 * inert, traps focus and moves it inside, and Escape fires `cancel`. It weighs nothing, where the Radix
 * dialog (ui/dialog.tsx) costs a visitor's first page about 10 kB; the look is the same.
 */
export function ModalDialog({
  title,
  description,
  onClose,
  closeLabel = 'Close',
  className,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // As Radix does: focus goes back to what had it before the dialog opened.
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The dialog element's own box is only hit outside the panel: that is the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        dialogBoxClass,
        'm-0 animate-fade-in p-0 text-inherit backdrop:bg-zinc-950/60 backdrop:backdrop-blur-sm',
        className,
      )}
    >
      <div className="relative p-6">
        <h2 id={titleId} className="pr-8 text-xl font-semibold tracking-tight">
          {title}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {description}
        </p>
        {children}
        <button
          type="button"
          aria-label={closeLabel}
          onClick={onClose}
          className="absolute top-4 right-4 cursor-pointer rounded-md p-1 text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </dialog>
  );
}
