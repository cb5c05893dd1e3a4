import type { SiteAnalyticsReport, UserAnalyticsReport } from '@app/shared/analytics-reports';

const days = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(2026, 10, 24 - (count - 1 - i))).toISOString().slice(0, 10),
  );

export function userReport(overrides: Partial<UserAnalyticsReport> = {}): UserAnalyticsReport {
  const dates = days(30);
  return {
    range: '30d',
    from: dates[0]!,
    to: dates.at(-1)!,
    access: 'advanced',
    totals: { pageViews: 12, generations: 3, postsSent: 2, postsFailed: 1, averageTimeOnPage: 75 },
    perDay: dates.map((date, i) => ({
      date,
      pageViews: i === 29 ? 12 : 0,
      generations: i === 29 ? 3 : 0,
      postsSent: i === 28 ? 2 : 0,
      postsFailed: i === 28 ? 1 : 0,
    })),
    topPages: [
      { page: '/dashboard', views: 8 },
      { page: '/reddit', views: 4 },
    ],
    generationsPerPlatform: [
      { platform: 'reddit', count: 2 },
      { platform: 'instagram', count: 1 },
    ],
    postsPerSubreddit: [{ subreddit: 'pics', sent: 2, failed: 1 }],
    advanced: {
      weeks: ['2026-11-16', '2026-11-23'],
      subredditSuccess: [
        {
          subreddit: 'pics',
          points: [
            { week: '2026-11-16', sent: 0, failed: 0, successRate: null },
            { week: '2026-11-23', sent: 2, failed: 1, successRate: 2 / 3 },
          ],
        },
      ],
      bestHours: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        sent: hour === 18 ? 2 : 0,
        failed: hour === 3 ? 1 : 0,
        activity: hour === 9 ? 12 : 0,
      })),
    },
    ...overrides,
  };
}

export function emptyUserReport(access: 'basic' | 'advanced'): UserAnalyticsReport {
  const base = userReport();
  return {
    ...base,
    access,
    totals: { pageViews: 0, generations: 0, postsSent: 0, postsFailed: 0, averageTimeOnPage: null },
    perDay: base.perDay.map((d) => ({ ...d, pageViews: 0, generations: 0, postsSent: 0, postsFailed: 0 })),
    topPages: [],
    generationsPerPlatform: [],
    postsPerSubreddit: [],
    advanced: null,
  };
}

export function siteReport(overrides: Partial<SiteAnalyticsReport> = {}): SiteAnalyticsReport {
  const dates = days(30);
  return {
    range: '30d',
    from: dates[0]!,
    to: dates.at(-1)!,
    totals: { visitors: 40, sessions: 52, pageViews: 130, averageTimeOnPage: 42.5 },
    perDay: dates.map((date, i) => ({ date, visitors: i % 3, sessions: i % 4, pageViews: i % 5 })),
    topPages: [
      { page: '/', views: 60 },
      { page: '/pricing', views: 30 },
    ],
    referrers: [
      { host: 'www.google.com', sessions: 9 },
      { host: 'reddit.com', sessions: 4 },
    ],
    scrollDepth: {
      pageEnds: 20,
      reached: [
        { depth: 25, count: 16, share: 0.8 },
        { depth: 50, count: 10, share: 0.5 },
        { depth: 75, count: 5, share: 0.25 },
        { depth: 100, count: 2, share: 0.1 },
      ],
    },
    funnel: [
      { step: 'landing', label: 'Sessions that saw the landing page', count: 30, conversion: null },
      { step: 'signup', label: 'Of those, new accounts', count: 6, conversion: 0.2 },
      { step: 'firstGeneration', label: 'Of those, made a first generation', count: 3, conversion: 0.5 },
    ],
    ...overrides,
  };
}
