import { useId, type ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';

/** One titled block of a community's details; a named region, so assistive tech can jump between them. */
export function DetailSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-950/40',
        className,
      )}
    >
      <h3 id={headingId} className="mb-3 text-sm font-semibold text-zinc-900 dark:text-white">
        {title}
      </h3>
      {children}
    </section>
  );
}

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Label/value pairs, one per line. */
export function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="space-y-2 text-sm">
      {facts.map(({ label, value }) => (
        <div key={label} className="flex items-start justify-between gap-3">
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd className="text-right font-medium text-zinc-900 dark:text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A bulleted list, or a muted line when there is nothing to list. */
export function TextList({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">{empty}</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 marker:text-rose-500 dark:text-zinc-300">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
