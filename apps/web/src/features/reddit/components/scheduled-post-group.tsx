import type { ReactNode } from 'react';
import type { ScheduledPost } from '@app/shared/posts';
import { PagedListEnd } from '../../../components/paged-list-end';
import { VirtualGrid } from '../../../components/virtual-list/virtual-grid';
import type { NextPageState } from '../../../lib/use-load-more-on-scroll';

/** One group's paged query, as the list needs it. */
export interface PostGroupPaging extends NextPageState {
  data?: { pages: readonly unknown[] };
}

export interface PostGroupTexts {
  label: string;
  loadMore: string;
  loadingMore: string;
  failed: string;
  end: string;
}

interface ScheduledPostGroupProps {
  posts: ScheduledPost[];
  paging: PostGroupPaging;
  texts: PostGroupTexts;
  renderPost: (post: ScheduledPost) => ReactNode;
}

/** Cards are laid out one under another; 12 px apart as before (space-y-3). */
const oneColumn = [{ minWidth: 0, columns: 1, gap: 12 }] as const;

/**
 * A heading, the group's loaded posts (virtualised) and its end, where the group's next page loads
 * as it scrolls into view. Each group pages on its own cursor, so a page only ever adds posts
 * below the ones already shown.
 */
export function ScheduledPostGroup({ posts, paging, texts, renderPost }: ScheduledPostGroupProps) {
  if (posts.length === 0 && !paging.hasNextPage) return null;
  const id = `posts-${texts.label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-sm font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {/* The loaded posts; "+" while more pages may add to them. */}
        {texts.label}{' '}
        <span className="tabular-nums">
          ({posts.length}
          {paging.hasNextPage ? '+' : ''})
        </span>
      </h3>
      <VirtualGrid
        aria-label={texts.label}
        items={posts}
        itemKey={(post) => post.id}
        breakpoints={oneColumn}
        estimateRowHeight={() => 190}
        setSize={paging.hasNextPage ? -1 : posts.length}
        renderItem={renderPost}
      />
      <PagedListEnd
        list={paging}
        label={texts.loadMore}
        loadingLabel={texts.loadingMore}
        failedText={texts.failed}
        endText={texts.end}
      />
    </section>
  );
}
