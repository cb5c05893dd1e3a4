/** The generator's text inputs share one look. */
export const generatorFieldClasses =
  'w-full rounded-lg border border-zinc-300 bg-white text-sm text-zinc-900 shadow-sm transition-colors placeholder:text-zinc-400 focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-rose-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500';
