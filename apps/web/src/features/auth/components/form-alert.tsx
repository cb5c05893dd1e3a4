import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, MailWarning, type LucideIcon } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

const tones: Record<'error' | 'success' | 'warning', { classes: string; icon: LucideIcon }> = {
  error: {
    classes:
      'border-rose-200 bg-rose-50 text-rose-900 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-100',
    icon: CircleAlert,
  },
  success: {
    classes:
      'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100',
    icon: CircleCheck,
  },
  warning: {
    classes:
      'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100',
    icon: MailWarning,
  },
};

interface FormAlertProps {
  tone: keyof typeof tones;
  title?: string;
  children?: ReactNode;
  /** Buttons under the text. */
  actions?: ReactNode;
}

/**
 * A message inside a form. Errors use role=alert so they are read out at once: inside the modal
 * dialog the toasts sit behind aria-hidden, so this is how screen-reader users learn the outcome.
 */
export function FormAlert({ tone, title, children, actions }: FormAlertProps) {
  const { classes, icon: Icon } = tones[tone];
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      className={cn('flex gap-3 rounded-xl border p-3.5 text-left text-sm', classes)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="opacity-90">{children}</div>}
        {actions && <div className="pt-1.5">{actions}</div>}
      </div>
    </div>
  );
}
