/** The headline figures above the charts. */
export function StatTiles({ label, stats }: { label: string; stats: { label: string; value: string }[] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="rounded-xl border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <dt className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{stat.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-zinc-900 tabular-nums dark:text-white">
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
