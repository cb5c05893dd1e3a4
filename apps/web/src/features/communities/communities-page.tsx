import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { communitiesTexts } from '@app/shared/messages';
import { deriveAccess } from '@app/shared/user';
import { useSessionUser } from '../../lib/session-context';
import { useSearchParamsUpdates } from '../../lib/use-search-params-updates';
import { PageLayout } from '../../components/page-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { trackEvent } from '../../lib/analytics/analytics';
import { currentUserQueryKey } from '../../lib/query-client';
import { useCommunities } from './api/get-communities';
import { AccessAlert } from '../../components/access-alert';
import { useResendVerification } from '../../lib/resend-verification';
import { CommunitiesTable } from './components/communities-table';
import { CommunityCards } from './components/community-cards';
import { CommunityFiltersBar } from './components/community-filters-bar';
import { CommunitiesEmpty, CommunitiesError, CommunitiesSkeleton } from './components/list-states';
import { PageControls } from './components/page-controls';
import { SummaryCards } from './components/summary-cards';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMediaQuery } from './hooks/use-media-query';
import { computeAccessGate } from '../../components/access-gate';
import {
  applyFilters,
  defaultFilters,
  hasActiveFilters,
  type CommunityFilters,
} from './lib/community-filters';
import {
  filtersFromSearch,
  filtersToSearch,
  pageFromSearch,
  pageOf,
  searchWithPage,
} from './lib/community-search-params';
import { summarizeCommunities } from './lib/community-summary';
import { countOf } from '../../lib/format/plural';
import { useDrawnInSlices } from '../../lib/use-drawn-in-slices';

/** Tailwind's md breakpoint: below it the table becomes cards. */
const desktopQuery = '(min-width: 768px)';
/** Clearing the filters leaves the sort as it is. */
const { sort: _sort, ...filtersExceptSort } = defaultFilters;

/** docs/product.md#communities: /reddit/communities, the communities database. */
export function CommunitiesPage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  // Filters, sort and page live in the address: a filtered view can be shared and reloaded.
  const [searchParams, updateSearchParams] = useSearchParamsUpdates();
  const filters = filtersFromSearch(searchParams);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const listTop = useRef<HTMLDivElement>(null);
  const isDesktop = useMediaQuery(desktopQuery);
  // The server narrows by category and search (docs/product.md#communities); the page applies every filter on top (docs/product.md#communities).
  const search = useDebouncedValue(filters.search, 300);
  useEffect(() => {
    if (search) trackEvent('feature_usage', { feature: 'communities', action: 'search' });
  }, [search]);
  const query = useCommunities(
    { category: filters.category === 'all' ? undefined : filters.category, search },
    // The server refuses users without full access anyway; the gate explains that without asking.
    { enabled: deriveAccess(user).hasFullAccess },
  );
  // The header and panel name the whole database's size: the unfiltered list, which the page
  // loads first and keeps cached, so this costs no extra request.
  const everything = useCommunities({}, { enabled: deriveAccess(user).hasFullAccess });
  const total = everything.data?.length ?? null;
  const gate = computeAccessGate(user, query.error);
  const resend = useResendVerification();
  // The table's first render is long (a page of rows, the summary cards): drawn in slices.
  const communities = useDrawnInSlices(query.data);
  const visible = useMemo(
    () => (communities ? applyFilters(communities, filters) : []),
    [communities, filters],
  );
  const shown = pageOf(visible, pageFromSearch(searchParams));
  const summary = useMemo(() => communities && summarizeCommunities(communities), [communities]);
  const List = isDesktop ? CommunitiesTable : CommunityCards;

  function setFilters(change: Partial<CommunityFilters>) {
    // Written over the address as last set, not as last drawn: a second filter picked before the
    // page has drawn the first keeps both. Replacing the entry: Back leaves the page instead of
    // stepping through every keystroke.
    updateSearchParams(
      (previous) => filtersToSearch({ ...filtersFromSearch(previous), ...change }, previous),
      { replace: true },
    );
  }

  /** After Previous/Next the new rows start at the list's top; focus goes there too, not to the page's top. */
  function showNewPage() {
    requestAnimationFrame(() => {
      listTop.current?.scrollIntoView({ block: 'start' });
      listTop.current?.focus({ preventScroll: true });
    });
  }

  function retry() {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    void query.refetch();
  }

  function renderList() {
    if (query.isError) return <CommunitiesError error={query.error} onRetry={retry} />;
    if (!communities) return <CommunitiesSkeleton />;
    if (visible.length === 0) {
      return (
        <CommunitiesEmpty
          filtered={hasActiveFilters(filters)}
          onClear={() => setFilters(filtersExceptSort)}
        />
      );
    }
    return (
      <>
        <List
          communities={shown.items}
          expandedId={expandedId}
          onToggle={(id) => setExpandedId((current) => (current === id ? null : id))}
        />
        <PageControls
          list={shown}
          total={visible.length}
          searchFor={(page) => `?${searchWithPage(searchParams, page)}`}
          onNavigate={showNewPage}
        />
      </>
    );
  }

  return (
    <PageLayout title={communitiesTexts.title} description={communitiesTexts.intro(total)}>
      {gate ? (
        <AccessAlert
          gate={gate}
          onRetry={retry}
          resend={{
            pending: resend.isPending,
            sent: resend.isSuccess,
            onResend: (email) => resend.mutate(email),
          }}
        />
      ) : (
        <div className="space-y-6">
          <SummaryCards summary={summary} />
          <Card className="overflow-hidden">
            <CardHeader>
              <CardTitle>{communitiesTexts.databaseTitle}</CardTitle>
              <CardDescription>{communitiesTexts.databaseSubtitle(total)}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <CommunityFiltersBar
                filters={filters}
                onChange={(change) => {
                  if (change.search === undefined) {
                    trackEvent('feature_usage', { feature: 'communities', action: 'filter' });
                  }
                  setFilters(change);
                }}
              />
              <div className="flex min-h-5 items-center gap-2 text-sm">
                <p aria-live="polite" className="text-zinc-600 dark:text-zinc-400">
                  {communities &&
                    !query.isError &&
                    `Showing ${countOf(visible.length, { one: 'community', other: 'communities' })}`}
                </p>
                {query.isFetching && communities && <span className="text-zinc-400">Updating...</span>}
              </div>
            </CardContent>
            <div
              ref={listTop}
              tabIndex={-1}
              role="region"
              aria-label={
                shown.pageCount > 1 ? `Communities, page ${shown.page} of ${shown.pageCount}` : 'Communities'
              }
              className="scroll-mt-20 border-t border-zinc-200 focus:outline-none dark:border-zinc-800"
            >
              {renderList()}
            </div>
          </Card>
        </div>
      )}
    </PageLayout>
  );
}
