import { campaignTexts, type Spacing } from '@app/shared/campaigns';
import type { PostProblem } from '@app/shared/posts';
import { problem } from '../posts/post-checks.js';
import { spacingConflict, type PlacedPost, type SubredditPace } from './spacing.js';

/** A refusing problem (post-checks' builder), with the moment of the other post when there is one. */
export const blockingProblem = (
  code: PostProblem['code'],
  message: string,
  fix: string | null,
  at?: Date,
): PostProblem => ({ ...problem(code, message, fix), ...(at ? { at: at.toISOString() } : {}) });

/**
 * The account-wide spacing rule `at` breaks (too close to another post, or too many in an hour),
 * as a post problem; null when it keeps it. A subreddit's daily limit and cooldown are left to
 * assessPost, which says them in the subreddit's words.
 */
export function spacingProblem(
  at: Date,
  pace: SubredditPace,
  others: readonly PlacedPost[],
  spacing: Spacing,
): PostProblem | null {
  const conflict = spacingConflict(at, pace, others, spacing);
  if (!conflict || conflict.kind === 'daily_limit' || conflict.kind === 'cooldown') return null;
  return conflict.kind === 'gap'
    ? blockingProblem(
        'spacing_gap',
        campaignTexts.spacingGap(spacing.minGapMinutes),
        campaignTexts.spacingFix,
        conflict.other,
      )
    : blockingProblem(
        'spacing_hour',
        campaignTexts.spacingHour(spacing.maxPerHour),
        campaignTexts.spacingFix,
        conflict.other,
      );
}
