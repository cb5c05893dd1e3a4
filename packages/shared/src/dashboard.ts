// The dashboard's own words, shared by the page, its unit tests and the browser tests.

export const dashboardTexts = {
  title: 'Dashboard',
  description: 'Your daily overview: what you created, what is scheduled and how much room is left.',

  // Not "AI generations": by default the built-in writer answers (docs/ai-generation.md#writers).
  counterTitle: 'Generations today',
  counterLoading: 'Loading your daily generations...',
  counterFailed: 'Your daily generations could not be loaded.',
  counterAction: 'Write a caption',

  quickActionsTitle: 'Quick actions',

  recentTitle: 'Recent content',
  recentLoading: 'Loading your recent content...',
  recentFailed: 'Your recent content could not be loaded.',
  recentEmpty: 'Nothing generated yet',
  recentEmptyHint: 'Your captions appear here as soon as you generate them.',
  recentEmptyAction: 'Generate your first caption',
  recentAll: 'View all history',

  postsTitle: 'Reddit posts',
  postsLoading: 'Loading your scheduled posts...',
  postsFailed: 'Your scheduled posts could not be loaded.',
  postsUpcoming: 'Upcoming',
  postsRecent: 'Recently sent',
  postsEmpty: 'No posts scheduled',
  postsEmptyHint: 'Queue a Reddit post for the best time and it shows up here.',
  postsNoUpcoming: 'Nothing waiting to go out.',
  postsAction: 'Schedule a post',
  postsLocked: 'Scheduling needs a verified account',
  postsManage: 'Manage posts',

  resultsTitle: 'What works',
  resultsLoading: 'Loading your results...',
  resultsFailed: 'Your results could not be loaded.',
  resultsTop: 'Top subreddits by visitors, last 7 days',
  resultsEmpty: 'No visitors counted this week',
  resultsEmptyHint:
    'Put a tracked link in your posts or first comments to see which subreddits bring visitors.',
  resultsEmptyAction: 'Tracked links',
  resultsAll: 'All results',
  resultsVisitors: (n: number) => `${n} visitor${n === 1 ? '' : 's'}`,

  storageTitle: 'Storage',
  storageLoading: 'Loading storage usage...',
  storageFailed: 'Storage usage could not be loaded.',
  storageEmpty: 'No files uploaded yet',
  storageEmptyHint: 'Upload photos to your gallery to protect, repost and schedule them.',
  storageAction: 'Open gallery',
  storageAlmostFull: 'Almost full: delete files you no longer need or upgrade for more room.',

  proPerksTitle: 'Pro perks',
  proPerksMember: 'Your Pro plan includes exclusive perks and partner deals.',
  proPerksUpsell: 'Unlimited generations, 50 GB of storage, advanced analytics and partner deals.',
  proPerksLink: 'See Pro perks',
  proPerksUpgrade: 'Upgrade to Pro',

  tryAgain: 'Try again',
} as const;

/** The quick actions, in the order they show; each leads into one feature. */
export const dashboardQuickActions = [
  {
    id: 'caption',
    label: 'Caption generator',
    hint: 'Draft titles, captions and hashtags',
    to: '/caption-generator',
  },
  { id: 'gallery', label: 'Media gallery', hint: 'Upload and manage your photos', to: '/gallery' },
  { id: 'imageshield', label: 'ImageShield', hint: 'Protect photos from reverse search', to: '/imageshield' },
  { id: 'trace-leak', label: 'Trace a leak', hint: 'Find which of your copies leaked', to: '/leaks/trace' },
  {
    id: 'communities',
    label: 'Reddit communities',
    hint: 'Find subreddits that fit your content',
    to: '/reddit/communities',
  },
  { id: 'scheduler', label: 'Post scheduler', hint: 'Queue Reddit posts for the best time', to: '/reddit' },
  { id: 'history', label: 'Content history', hint: 'Find and reuse what you generated', to: '/history' },
  {
    id: 'leakCases',
    label: 'Leak cases',
    hint: 'Takedown notices for copies posted without you',
    to: '/leaks/cases',
  },
] as const;

export type DashboardQuickActionId = (typeof dashboardQuickActions)[number]['id'];

/** How many items each list card shows before pointing at the full page. */
export const dashboardListSizes = { recentContent: 5, upcomingPosts: 3, sentPosts: 3 } as const;
