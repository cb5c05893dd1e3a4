import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { productName } from '../../../components/logo';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';

const tones = {
  brand: 'bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300',
  success: 'bg-emerald-100 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300',
  error: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
} as const;

interface AccountPageLayoutProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  tone?: keyof typeof tones;
  /** Spins the icon, for the waiting states. */
  busy?: boolean;
  children?: ReactNode;
}

/**
 * A card for the focused account pages (password reset, verification, …), centred across and held
 * at the top, so a card that grows when an answer replaces a waiting text grows downwards instead of
 * moving (Lighthouse measured a layout shift of 0.034 on /email-verification when it was centred).
 */
export function AccountPageLayout({
  icon: Icon,
  title,
  description,
  tone = 'brand',
  busy,
  children,
}: AccountPageLayoutProps) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-16">
      <title>{`${title} · ${productName}`}</title>
      <Card className="w-full max-w-md p-8 text-center">
        <span
          className={cn('mx-auto inline-flex size-12 items-center justify-center rounded-xl', tones[tone])}
        >
          <Icon aria-hidden="true" className={cn('size-6', busy && 'animate-spin')} />
        </span>
        {/* New nodes for a new state (keyed by the title): a centred text that only changed its
            words starts elsewhere on its line, which the browser counts as a layout shift. */}
        <h1 key={`title-${title}`} className="mt-4 text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {description && (
          <div key={`description-${title}`} className="mt-2 text-zinc-600 dark:text-zinc-400">
            {description}
          </div>
        )}
        {children && <div className="mt-6 space-y-4 text-zinc-600 dark:text-zinc-400">{children}</div>}
      </Card>
    </div>
  );
}
