import { mediaTexts } from '@app/shared/media';
import { builtInWriterLabel, unnamedModelLabel } from '@app/shared/writer-label';

/** The /history screen's own texts; the toast titles repeat docs/product.md#content-history's wording. */
export const historyTexts = {
  title: 'Content History',
  description: 'Every caption and post you generated, searchable and ready to reuse.',
  counters: {
    total: 'Total',
    // The spec's counter; it counts only what an AI model wrote (generationType ai), never the built-in writer's.
    aiGenerated: 'AI Generated',
    redditPosts: 'Reddit Posts',
    filtered: 'Filtered Results',
  },
  searchLabel: 'Search your content',
  searchPlaceholder: 'Titles, captions or subreddits',
  platformLabel: 'Platform',
  /** The spec's type filter (all, ai, template), named by who wrote the item. */
  typeLabel: 'Written by',
  typeOptions: { all: 'All writers', ai: unnamedModelLabel, template: builtInWriterLabel },
  writtenBy: 'Written by',
  clearFilters: 'Clear filters',
  loading: 'Loading your history...',
  loadFailed: 'Your history could not be loaded',
  emptyTitle: 'No content yet',
  emptyText:
    'Everything you generate with the Caption Generator is kept here, ready to copy, save or delete.',
  emptyAction: 'Generate your first caption',
  noMatchesTitle: 'Nothing matches these filters',
  noMatchesText: 'Try other words, or clear the filters to see all your content.',
  loadMore: 'Show older content',
  loadingMore: 'Loading...',
  deleteFailed: mediaTexts.deleteFailed,
  deleted: 'Content deleted',
  deletedText: 'It has been removed from your history.',
  alreadyDeletedText: 'It had already been removed from your history.',
  saveFailed: 'Save failed',
  saved: 'Content saved',
  savedText: 'A copy is kept in your saved content, even if you delete it from your history.',
  save: 'Save',
  saving: 'Saving...',
  savedLabel: 'Saved',
  delete: 'Delete',
  deleting: 'Deleting...',
  copy: 'Copy',
  alternativeTitles: 'Alternative titles',
  photoIdea: 'Photo idea',
  untitled: 'Untitled',
} as const;
