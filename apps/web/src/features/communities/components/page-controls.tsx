import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { ListPage } from '../lib/community-search-params';

interface PageControlsProps {
  list: ListPage<unknown>;
  total: number;
  /** The address (search part) of another page, so each page is a link that can be opened or shared. */
  searchFor: (page: number) => string;
  onNavigate: () => void;
}

function PageLink(props: { to: string | null; label: string; onNavigate: () => void; children: ReactNode }) {
  if (props.to === null) {
    return (
      <Button variant="outline" size="sm" disabled aria-label={props.label}>
        {props.children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      {/* The page scrolls to the list itself, not to the top of the page. */}
      <Link to={{ search: props.to }} preventScrollReset aria-label={props.label} onClick={props.onNavigate}>
        {props.children}
      </Link>
    </Button>
  );
}

/** Previous / Next and where the reader is; nothing when everything fits on one page. */
export function PageControls({ list, total, searchFor, onNavigate }: PageControlsProps) {
  if (list.pageCount <= 1) return null;
  const { page, pageCount } = list;
  return (
    <nav
      aria-label="Pages of communities"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800"
    >
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
        {list.first}–{list.last} of {total}
      </p>
      <div className="flex items-center gap-2">
        <PageLink to={page > 1 ? searchFor(page - 1) : null} label="Previous page" onNavigate={onNavigate}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </PageLink>
        <span className="text-sm whitespace-nowrap text-zinc-700 tabular-nums dark:text-zinc-300">
          Page {page} of {pageCount}
        </span>
        <PageLink
          to={page < pageCount ? searchFor(page + 1) : null}
          label="Next page"
          onNavigate={onNavigate}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </PageLink>
      </div>
    </nav>
  );
}
