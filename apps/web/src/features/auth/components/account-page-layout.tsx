import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { productName } from '../../../components/logo';
import { Card } from '../../../components/ui/card';

interface AccountPageLayoutProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}

/** A centred card for the focused account pages (password reset, verification, …). */
export function AccountPageLayout({ icon: Icon, title, children }: AccountPageLayoutProps) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <title>{`${title} · ${productName}`}</title>
      <Card className="w-full max-w-md p-8 text-center">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-xl bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-3 space-y-6 text-zinc-600 dark:text-zinc-400">{children}</div>
      </Card>
    </div>
  );
}
