/** The admin tables' header row; `actionsLabel` adds a last column named only for screen readers. */
export function AdminTableHead({ columns, actionsLabel }: { columns: string[]; actionsLabel?: string }) {
  return (
    <thead className="text-xs tracking-wide text-zinc-500 uppercase">
      <tr>
        {columns.map((column) => (
          <th key={column} className="px-4 py-2 font-medium">
            {column}
          </th>
        ))}
        {actionsLabel ? (
          <th className="px-4 py-2 font-medium">
            <span className="sr-only">{actionsLabel}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
