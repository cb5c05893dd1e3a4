import type { ReactNode } from 'react';
import { ListLoadError } from '../../../components/list-load-error';
import { PagedListEnd } from '../../../components/paged-list-end';
import { Spinner } from '../../../components/ui/spinner';
import { loadedItems, type PagedList } from '../../../lib/paged-list';
import type { NextPageState } from '../../../lib/use-load-more-on-scroll';

interface PagedQuery<Item> extends NextPageState {
  data: PagedList<Item> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** One lead list's states: loading, failed (with a retry), empty, or its rows and the next page. */
export function LeadList<Item extends { id: string }>(props: {
  query: PagedQuery<Item>;
  what: string;
  empty: string;
  table: (items: Item[]) => ReactNode;
}) {
  const { query, what, empty, table } = props;
  if (query.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ListLoadError
        title={`${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = loadedItems(query.data);
  if (items.length === 0)
    return <p className="p-8 text-center text-sm text-zinc-600 dark:text-zinc-400">{empty}</p>;
  return (
    <div className="space-y-3 pb-3">
      <div className="overflow-x-auto">{table(items)}</div>
      <PagedListEnd
        list={query}
        label={`Load more ${what}`}
        loadingLabel={`Loading more ${what}...`}
        failedText={`More ${what} could not be loaded. Check your connection and press the button again.`}
      />
    </div>
  );
}
