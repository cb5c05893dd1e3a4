import { useEffect, useState } from 'react';

export interface NextPageState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Any fetch of the list, a refetch of its loaded pages too. */
  isFetching?: boolean;
  isFetchNextPageError?: boolean;
  /** When the list last changed: each new page (or refetch) starts a fresh observer. */
  dataUpdatedAt?: number;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

/** Start on the next page this far before the end of the list scrolls into view. */
const lookAhead = '0px 0px 800px 0px';

/**
 * Infinite scroll: returns a callback ref for an element just after the list; when it comes near
 * the viewport, the next page is fetched. The observer is made anew after every page (keyed by
 * dataUpdatedAt, which moves even when a quick answer never showed as fetching), because observe()
 * always reports where the element is now: a page that did not fill the screen (a
 * filter kept few of its items) leads straight to the next one. After a failed page it waits for
 * the "Load more" button, so a broken connection is not asked again and again. While the loaded
 * pages are refetched it waits too: asking for the next page then would cancel that refetch.
 * Without IntersectionObserver the button is all there is.
 */
export function useLoadMoreOnScroll({
  hasNextPage,
  isFetchingNextPage,
  isFetching = isFetchingNextPage,
  isFetchNextPageError = false,
  dataUpdatedAt = 0,
  fetchNextPage,
}: NextPageState) {
  const [sentinel, setSentinel] = useState<Element | null>(null);

  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    if (!hasNextPage || isFetching || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchNextPage({ cancelRefetch: false });
      },
      { rootMargin: lookAhead },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, hasNextPage, isFetching, isFetchNextPageError, dataUpdatedAt, fetchNextPage]);

  return setSentinel;
}
