import { Button } from './ui/button';

interface LoadMoreButtonProps {
  /** The infinite query's state: whether another page exists and whether it is on its way. */
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  loadingLabel: string;
}

/** "Show older" under a paged list; nothing once the last page is in. */
export function LoadMoreButton({ list, label, loadingLabel }: LoadMoreButtonProps) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        disabled={list.isFetchingNextPage}
        aria-busy={list.isFetchingNextPage || undefined}
        onClick={() => void list.fetchNextPage()}
      >
        {list.isFetchingNextPage ? loadingLabel : label}
      </Button>
    </div>
  );
}
