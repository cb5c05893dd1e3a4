import { cn } from '../cn';

/** A text field or select of a form: the one look every page's fields share. */
export const inputClasses = cn(
  'h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm transition-colors',
  'placeholder:text-zinc-400 focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-rose-500/30',
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-rose-500',
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500',
);

/** A field's label above it. */
export const labelClasses = 'text-sm font-medium text-zinc-800 dark:text-zinc-200';

/** A list's filter (search box, select) in a filter bar; each bar sets its own padding and icons. */
export const filterFieldClasses =
  'h-10 w-full rounded-lg border border-zinc-300 bg-white text-sm text-zinc-900 shadow-sm transition-colors focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-rose-500/40 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';
