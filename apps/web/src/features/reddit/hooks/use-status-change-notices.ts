import { useEffect, useRef } from 'react';
import { scheduleTexts, type ScheduledPost } from '@app/shared/posts';
import { toast } from '../../../components/ui/toast';
import { redditPageTexts } from '../lib/reddit-texts';

/**
 * Tells the user when a post they are watching leaves pending: live on Reddit (with its link) or
 * failed (with Reddit's reason). Posts already sent or failed when the page opened stay quiet.
 */
export function useStatusChangeNotices(posts: ScheduledPost[] | undefined): void {
  const known = useRef<Map<string, ScheduledPost['status']> | null>(null);

  useEffect(() => {
    if (!posts) return;
    const previous = known.current;
    // Posts missing now are remembered: the pending and done groups are read apart, so a post that
    // was just sent may leave the one before it shows up in the other.
    known.current = new Map([...(previous ?? []), ...posts.map((post) => [post.id, post.status] as const)]);
    if (!previous) return;
    for (const post of posts) {
      if (previous.get(post.id) !== 'pending' || post.status === 'pending') continue;
      const url = post.resultJson?.url;
      if (post.status === 'sent') {
        toast.success(redditPageTexts.liveTitle, {
          id: `post-${post.id}`,
          description: redditPageTexts.liveText(post.subreddit, post.titleFinal),
          ...(url
            ? {
                action: {
                  label: scheduleTexts.viewOnReddit,
                  onClick: () => window.open(url, '_blank', 'noopener'),
                },
              }
            : {}),
        });
      } else {
        toast.error(redditPageTexts.failedTitle, {
          id: `post-${post.id}`,
          description: post.resultJson?.error ?? redditPageTexts.failedFallback,
        });
      }
    }
  }, [posts]);
}
