import { cn } from '../../../components/ui/cn';
import { Button } from '../../../components/ui/button';

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

/** Previous / "Page N of M" / Next, shown only when there is more than one page. */
export function Pager(props: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  const { page, pages, onPage } = props;
  if (pages <= 1) return null;
  return (
    <div className={cn('flex items-center justify-end gap-2', props.className)}>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-zinc-600 dark:text-zinc-400">
        Page {page} of {pages}
      </span>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}
