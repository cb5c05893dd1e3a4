import type { ReactNode } from 'react';

/**
 * The header's bar: sticky, 4 rem high. The full header fills it; the signed-in page frame the
 * server sends (signed-in-frame.tsx) draws it with the logo alone, so nothing below moves when the
 * app takes over.
 */
export function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/85 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">{children}</div>
    </header>
  );
}
