import { Check, Circle } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

// docs/product.md#accounts-and-sign-in's password rules, in the order the shared schema checks them.
const rules: Array<{ label: string; test: (password: string) => boolean }> = [
  { label: 'At least 8 characters', test: (password) => password.length >= 8 },
  { label: 'One lowercase letter', test: (password) => /[a-z]/.test(password) },
  { label: 'One uppercase letter', test: (password) => /[A-Z]/.test(password) },
  { label: 'One number', test: (password) => /[0-9]/.test(password) },
];

/** The signup password hints, ticking as each rule is met. */
export function PasswordHints({ password }: { password: string }) {
  return (
    <ul aria-label="Password requirements" className="grid grid-cols-2 gap-x-3 gap-y-1 pt-0.5 text-xs">
      {rules.map(({ label, test }) => {
        const met = test(password);
        const Icon = met ? Check : Circle;
        return (
          <li
            key={label}
            data-met={met}
            className={cn(
              'flex items-center gap-1.5 transition-colors',
              met ? 'text-emerald-600 dark:text-emerald-400' : 'text-zinc-500 dark:text-zinc-400',
            )}
          >
            <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', !met && 'scale-75')} />
            {label}
            <span className="sr-only">{met ? '(done)' : '(missing)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
