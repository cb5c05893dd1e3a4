import type { ScheduledPost } from '@app/shared/posts';
import { dashboardListSizes } from '@app/shared/dashboard';

const sentOrDue = (post: ScheduledPost) => Date.parse(post.sentAt ?? post.scheduledAt);

/**
 * The dashboard's two post lists: pending posts soonest first, and finished ones (sent or failed)
 * latest first, each cut to the card's size.
 */
export function splitPosts(posts: readonly ScheduledPost[]): {
  upcoming: ScheduledPost[];
  recent: ScheduledPost[];
} {
  const upcoming = posts
    .filter((post) => post.status === 'pending')
    .sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt))
    .slice(0, dashboardListSizes.upcomingPosts);
  const recent = posts
    .filter((post) => post.status !== 'pending')
    .sort((a, b) => sentOrDue(b) - sentOrDue(a))
    .slice(0, dashboardListSizes.sentPosts);
  return { upcoming, recent };
}
