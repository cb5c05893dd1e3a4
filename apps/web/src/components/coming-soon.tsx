import type { ReactNode } from 'react';
import { Check, type LucideIcon } from 'lucide-react';
import { Card } from './ui/card';

interface ComingSoonProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** What the finished page will let the user do. */
  highlights?: string[];
  /** Links to what the user can do right now. */
  actions?: ReactNode;
}

/** A finished-looking placeholder for a page whose feature is still being built. */
export function ComingSoon({ icon: Icon, title, description, highlights, actions }: ComingSoonProps) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-6 p-6 sm:p-10 md:flex-row md:items-start">
        <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-pink-600 text-white shadow-sm">
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <div className="flex flex-col gap-4">
          <span className="w-fit rounded-full bg-rose-50 px-3 py-1 text-xs font-semibold text-rose-700 dark:bg-rose-500/15 dark:text-rose-300">
            Coming soon
          </span>
          <div>
            <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
            <p className="mt-2 max-w-2xl text-zinc-600 dark:text-zinc-400">{description}</p>
          </div>
          {highlights && highlights.length > 0 && (
            <ul className="grid gap-2 sm:grid-cols-2">
              {highlights.map((highlight) => (
                <li
                  key={highlight}
                  className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300"
                >
                  <Check
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-rose-600 dark:text-rose-400"
                  />
                  {highlight}
                </li>
              ))}
            </ul>
          )}
          {actions && <div className="flex flex-wrap gap-3 pt-2">{actions}</div>}
        </div>
      </div>
    </Card>
  );
}
