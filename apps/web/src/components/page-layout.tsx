import type { ReactNode } from 'react';
import { productName } from './logo';

interface PageLayoutProps {
  title: string;
  description?: ReactNode;
  /** Buttons or links shown next to the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The standard page frame: one h1 (also the document title), an intro line, then the content. */
export function PageLayout({ title, description, actions, children }: PageLayoutProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>{`${title} · ${productName}`}</title>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-white">{title}</h1>
          {description && <p className="mt-2 max-w-2xl text-zinc-600 dark:text-zinc-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
