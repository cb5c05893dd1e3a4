import { useEffect, useRef, type FocusEvent } from 'react';
import { useLoadMoreOnScroll, type NextPageState } from '../lib/use-load-more-on-scroll';
import { LoadMoreButton } from './load-more-button';

interface PagedListEndProps {
  list: NextPageState & { data?: { pages: readonly unknown[] } };
  label: string;
  loadingLabel: string;
  /** Shown when a next page could not be loaded; the button then tries again. */
  failedText: string;
  /** Shown under a list that took more than one page, once its last page is in. */
  endText?: string;
}

/**
 * The end of a paged list: the next page loads as this comes into view, and a "Load more" button
 * does the same for keyboards, screen readers and browsers without IntersectionObserver. When the
 * last page arrives while the button has focus, the button goes and the end note takes focus, so
 * the keyboard user is not thrown back to the top of the page.
 */
export function PagedListEnd({ list, label, loadingLabel, failedText, endText }: PagedListEndProps) {
  const sentinelRef = useLoadMoreOnScroll(list);
  const buttonHadFocus = useRef(false);
  const endRef = useRef<HTMLParagraphElement>(null);
  const paged = (list.data?.pages.length ?? 0) > 1;

  useEffect(() => {
    if (list.hasNextPage || !buttonHadFocus.current) return;
    buttonHadFocus.current = false;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (focusLost) endRef.current?.focus();
  }, [list.hasNextPage]);

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    // A button removed from the page blurs with no new target: that case is handled above.
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) {
      buttonHadFocus.current = false;
    }
  }

  return (
    <div
      ref={sentinelRef}
      className="space-y-2"
      onFocus={() => (buttonHadFocus.current = true)}
      onBlur={onBlur}
    >
      <LoadMoreButton list={list} label={label} loadingLabel={loadingLabel} />
      <p role="status" className="sr-only">
        {list.isFetchingNextPage ? loadingLabel : ''}
      </p>
      {list.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
          {failedText}
        </p>
      )}
      {!list.hasNextPage && paged && endText && (
        <p
          ref={endRef}
          tabIndex={-1}
          className="text-center text-sm text-zinc-500 focus:outline-none dark:text-zinc-400"
        >
          {endText}
        </p>
      )}
    </div>
  );
}
