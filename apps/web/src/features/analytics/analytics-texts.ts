import type { AnalyticsRange } from '@app/shared/analytics-reports';
import { formatDay } from '../../lib/format/date-time';

/** The dashboards' own labels; the shared contract holds the texts the server also uses. */
export const analyticsTexts = {
  userTitle: 'Your analytics',
  userDescription: 'Your activity, captions and Reddit posts. Days are UTC.',
  siteTitle: 'Site analytics',
  siteDescription: 'Visitors and engagement across Creator Studio. Days are UTC.',
  rangeLabel: 'Date range',
  loading: 'Loading analytics...',
  siteLoadFailed: 'Could not load site analytics',
  proBadge: 'Pro',
  pageActivity: 'Page activity',
  pageActivityDescription: 'Pages you opened per day',
  topPages: 'Top pages',
  generations: 'Captions generated',
  generationsDescription: 'Per platform',
  posts: 'Reddit posts by subreddit',
  postsDescription: 'Sent and failed',
  successOverTime: 'Success rate per subreddit by week',
  successOverTimeDescription: 'Share of posts that were sent, per week (Monday to Sunday)',
  bestHours: 'Best hours',
  bestHoursDescription: 'Sent and failed posts and your activity by hour of the day (UTC)',
  noDailyActivity: 'No captions or posts in this range yet.',
  visitors: 'Visitors',
  visitorsDescription: 'Visitors, sessions and page views per day',
  referrers: 'Referrers',
  referrersDescription: 'Sessions per referring site',
  noReferrers: 'No visits from other sites in this range.',
  scrollDepth: 'Scroll depth',
  scrollDepthDescription: 'Share of page exits that reached each depth',
  noPageEnds: 'No page exits recorded in this range.',
  funnel: 'Signup funnel',
  funnelDescription: 'Landing page → new account → first caption, within the range',
  composeLink: 'Write a caption',
  scheduleLink: 'Schedule a post',
} as const;

export const rangeLabels: Record<AnalyticsRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

export const numberFormat = new Intl.NumberFormat();
export const formatPercent = (share: number | null) =>
  share === null ? '–' : `${Math.round(share * 1000) / 10}%`;
export const formatSeconds = (seconds: number | null) => {
  if (seconds === null) return '–';
  if (seconds < 60) return `${Math.round(seconds)}s`;
  return `${Math.floor(seconds / 60)}m ${Math.round(seconds % 60)}s`;
};
/** "Nov 24" for "2026-11-24": report days are UTC days. */
export const formatShortDay = (day: string) => formatDay(day, 'short');
export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
