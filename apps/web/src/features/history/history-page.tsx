import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Bookmark, History, SearchX, Wand2 } from 'lucide-react';
import { Link } from 'react-router';
import { captionText } from '@app/shared/ai';
import { savedContentTexts, type ContentGeneration } from '@app/shared/history';
import { PageLayout } from '../../components/page-layout';
import { SavedContentList } from '../../components/saved-content/saved-content-list';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { currentUserQueryKey } from '../../lib/query-client';
import { useDeleteContentGeneration } from './api/delete-content-generation';
import { flattenPages, historyQueryKey, useContentGenerations } from './api/get-content-generations';
import { useHistoryStats } from './api/get-history-stats';
import { useSavedGenerationIds } from './api/get-saved-content';
import { useSaveContent, useSavingIds } from './api/save-content';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSearchParamsUpdates } from '../../lib/use-search-params-updates';
import { ConfirmHistoryDelete } from './components/confirm-delete-dialog';
import { GenerationCard } from './components/generation-card';
import { HistoryCounters } from './components/history-counters';
import { HistoryFiltersBar } from './components/history-filters-bar';
import { HistoryEmpty, HistorySkeleton } from './components/history-list-states';
import { ListLoadError } from '../../components/list-load-error';
import { PagedListEnd } from '../../components/paged-list-end';
import { VirtualGrid } from '../../components/virtual-list/virtual-grid';
import {
  defaultHistoryFilters,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  type HistoryFilters,
} from './lib/history-filters';
import { historyTexts } from './lib/history-texts';
import { countOf } from '../../lib/format/plural';
import { useDrawnInSlices } from '../../lib/use-drawn-in-slices';

/** One column, two from the grid width Tailwind's md window width leaves (768 − 2 × 24). */
const historyBreakpoints = [
  { minWidth: 0, columns: 1, gap: 16 },
  { minWidth: 720, columns: 2, gap: 16 },
] as const;

/**
 * docs/product.md#content-history: /history, the user's generations with search, platform and type filters, four counters,
 * save and delete; a Saved tab lists what was saved.
 */
export function HistoryPage() {
  const queryClient = useQueryClient();
  const [searchParams, updateSearchParams] = useSearchParamsUpdates();
  const filters = filtersFromSearch(searchParams);
  // ?view=saved opens the Saved tab, so it can be linked to and survives a reload.
  const view = searchParams.get('view') === 'saved' ? 'saved' : 'all';
  // The field follows every key; the list is asked for once typing pauses.
  const settledSearch = useDebouncedValue(filters.search.trim(), 250);
  const queryFilters: HistoryFilters = { ...filters, search: settledSearch };
  const list = useContentGenerations(queryFilters);
  const stats = useHistoryStats(queryFilters);
  const savedIds = useSavedGenerationIds();
  const savingIds = useSavingIds();
  const save = useSaveContent();
  const remove = useDeleteContentGeneration();
  const [toDelete, setToDelete] = useState<ContentGeneration | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The list's first render (its cards, the virtualiser measuring them) is long: drawn in slices.
  const listed = useDrawnInSlices(list.data);
  const items = flattenPages(listed);
  const filtering = hasActiveFilters(filters);

  function changeFilters(change: Partial<HistoryFilters>) {
    // Replacing the entry: Back leaves the page instead of stepping through every keystroke.
    updateSearchParams(
      (previous) => filtersToSearch({ ...filtersFromSearch(previous), ...change }, previous),
      { replace: true },
    );
  }

  function changeView(next: string) {
    updateSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'saved') params.set('view', 'saved');
        else params.delete('view');
        return params;
      },
      { replace: true },
    );
  }

  function saveItem(item: ContentGeneration) {
    save.mutate({
      title: item.titles[0]?.trim() || `${item.platform} ${historyTexts.untitled.toLowerCase()}`,
      content: captionText({ platform: item.platform, body: item.content, hashtags: item.hashtags ?? [] }),
      platform: item.platform,
      generationId: item.id,
    });
  }

  function askToDelete(item: ContentGeneration, button: HTMLElement) {
    opener.current = button;
    setToDelete(item);
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
  }

  function retry() {
    // A lost session shows up here as 401; re-reading the user lets the route guard react to it.
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    void queryClient.invalidateQueries({ queryKey: historyQueryKey });
  }

  function renderList() {
    if (list.isError && !listed) {
      return <ListLoadError title={historyTexts.loadFailed} error={list.error} onRetry={retry} />;
    }
    if (!listed) return <HistorySkeleton label={historyTexts.loading} />;
    if (items.length === 0 && !filtering) {
      return (
        <HistoryEmpty
          icon={<History aria-hidden="true" />}
          title={historyTexts.emptyTitle}
          text={historyTexts.emptyText}
          action={
            <Button asChild>
              <Link to="/caption-generator">
                <Wand2 aria-hidden="true" className="size-4" />
                {historyTexts.emptyAction}
              </Link>
            </Button>
          }
        />
      );
    }
    if (items.length === 0) {
      return (
        <HistoryEmpty
          icon={<SearchX aria-hidden="true" />}
          title={historyTexts.noMatchesTitle}
          text={historyTexts.noMatchesText}
          action={
            <Button variant="outline" size="sm" onClick={() => changeFilters(defaultHistoryFilters)}>
              {historyTexts.clearFilters}
            </Button>
          }
        />
      );
    }
    return (
      <div className="space-y-6">
        <VirtualGrid
          aria-label="Your content"
          aria-busy={list.isPlaceholderData}
          items={items}
          itemKey={(item) => item.id}
          breakpoints={historyBreakpoints}
          estimateRowHeight={() => 320}
          setSize={
            list.hasNextPage
              ? stats.data && !stats.isPlaceholderData
                ? stats.data.filtered
                : -1
              : items.length
          }
          renderItem={(item) => (
            <GenerationCard
              item={item}
              saveState={savingIds.has(item.id) ? 'saving' : savedIds.has(item.id) ? 'saved' : 'idle'}
              isDeleting={remove.isPending && remove.variables === item.id}
              onSave={saveItem}
              onDelete={askToDelete}
            />
          )}
        />
        <PagedListEnd
          list={list}
          label={historyTexts.loadMore}
          loadingLabel={historyTexts.loadingMore}
          failedText="Older content could not be loaded. Check your connection and press the button again."
          endText="That is all your content."
        />
      </div>
    );
  }

  return (
    <PageLayout
      title={historyTexts.title}
      description={historyTexts.description}
      actions={
        <Button asChild variant="outline">
          <Link to="/caption-generator">
            <Wand2 aria-hidden="true" className="size-4" />
            New caption
          </Link>
        </Button>
      }
    >
      <Tabs value={view} onValueChange={changeView} className="space-y-6">
        <TabsList aria-label={historyTexts.title}>
          <TabsTrigger value="all">
            <History aria-hidden="true" /> {savedContentTexts.tabAll}
          </TabsTrigger>
          <TabsTrigger value="saved">
            <Bookmark aria-hidden="true" /> {savedContentTexts.tabSaved}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="saved">
          <SavedContentList />
        </TabsContent>
        <TabsContent value="all" className="space-y-6">
          <HistoryCounters counters={stats.data} failed={stats.isError && !stats.data} />
          <HistoryFiltersBar filters={filters} onChange={changeFilters} />
          <section aria-labelledby="history-results" className="space-y-4">
            <h2 id="history-results" ref={headingRef} tabIndex={-1} className="sr-only">
              Your content
            </h2>
            <p aria-live="polite" className="sr-only">
              {stats.data && !stats.isPlaceholderData
                ? `${countOf(stats.data.filtered, { one: 'item', other: 'items' })} shown`
                : ''}
            </p>
            {renderList()}
          </section>
        </TabsContent>
      </Tabs>
      <ConfirmHistoryDelete
        title={toDelete ? (toDelete.titles[0] ?? historyTexts.untitled) : null}
        isDeleting={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          // The card that opened it is gone after a delete; the list's heading takes focus then.
          event.preventDefault();
          (opener.current?.isConnected ? opener.current : headingRef.current)?.focus();
        }}
      />
    </PageLayout>
  );
}
