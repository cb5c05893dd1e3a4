import { useId, useRef, useState } from 'react';
import { Bookmark } from 'lucide-react';
import { savedContentTexts, type SavedContent } from '@app/shared/history';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog';
import { PagedListEnd } from '../paged-list-end';
import { ListLoadError } from '../list-load-error';
import { useDeleteSavedContent } from './delete-saved-content';
import { flattenSaved, useSavedContentPages } from './get-saved-content-pages';
import { SavedContentCard } from './saved-content-card';

/**
 * The user's saved copies, newest first, paged, each with copy and remove (after a confirmation:
 * the saved copy may be the only one left once its history item is deleted).
 */
export function SavedContentList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const list = useSavedContentPages();
  const remove = useDeleteSavedContent();
  const [toRemove, setToRemove] = useState<SavedContent | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = flattenSaved(list.data);
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();

  function body() {
    if (list.isError && !list.data) {
      return (
        <ListLoadError
          title={savedContentTexts.loadFailed}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      );
    }
    if (!list.data) {
      return (
        <p role="status" className="py-8 text-center text-sm text-zinc-500 dark:text-zinc-400">
          {savedContentTexts.loading}
        </p>
      );
    }
    if (items.length === 0) {
      return (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <Bookmark aria-hidden="true" className="size-8 text-zinc-400" />
          <p className="font-medium text-zinc-900 dark:text-white">{savedContentTexts.emptyTitle}</p>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{savedContentTexts.emptyText}</p>
        </div>
      );
    }
    return (
      <>
        <ul aria-label={savedContentTexts.heading} className="grid gap-4 md:grid-cols-2">
          {items.map((item) => (
            <li key={item.id}>
              <SavedContentCard
                item={item}
                isRemoving={remove.isPending && remove.variables === item.id}
                onRemove={(chosen, button) => {
                  opener.current = button;
                  setToRemove(chosen);
                }}
              />
            </li>
          ))}
        </ul>
        <PagedListEnd
          list={list}
          label={savedContentTexts.loadMore}
          loadingLabel={savedContentTexts.loadingMore}
          failedText="Older saved content could not be loaded. Check your connection and press the button again."
        />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <Heading
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-zinc-900 focus:outline-none dark:text-white"
      >
        {savedContentTexts.heading}
      </Heading>
      {body()}
      <ConfirmDeleteDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={savedContentTexts.confirmTitle(toRemove?.title ?? '')}
        description={savedContentTexts.confirmText}
        confirmLabel={savedContentTexts.remove}
        busyLabel={savedContentTexts.removing}
        isDeleting={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove.id, { onSettled: () => setToRemove(null) })}
        onCloseAutoFocus={(event) => {
          // The removed card's button is gone; the list's heading takes focus then.
          event.preventDefault();
          (opener.current?.isConnected ? opener.current : headingRef.current)?.focus();
        }}
      />
    </section>
  );
}
