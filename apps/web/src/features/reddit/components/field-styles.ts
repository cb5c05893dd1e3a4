export const fieldClasses =
  'w-full rounded-lg border border-zinc-300 bg-white text-sm text-zinc-900 shadow-sm transition-colors placeholder:text-zinc-400 focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-rose-500/30 disabled:opacity-60 aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500';

export { labelClasses } from '../../../components/ui/form/field-classes';
export const hintClasses = 'text-xs text-zinc-500 dark:text-zinc-400';
export const errorClasses = 'text-sm font-medium text-red-700 dark:text-red-400';
