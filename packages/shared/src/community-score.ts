import { z } from 'zod';
import { countOf, plural } from './plural';

/**
 * What a community's successProbability is (docs/communities-scoring.md): the chance that the
 * creator's next post there that follows the community's rules stays up for 24 hours, with an 80%
 * interval, the posts it rests on and the facts that moved it, as short sentences shown verbatim.
 */
export const successDetailsSchema = z.object({
  /** Percent, one decimal: the 80% interval's ends. */
  low: z.number().min(0).max(100),
  high: z.number().min(0).max(100),
  /** Posts sent through this server to the community whose outcome is known (hers included). */
  posts: z.number().int().nonnegative(),
  /** Hers among them. */
  ownPosts: z.number().int().nonnegative(),
  reasons: z.array(z.string()),
});
export type SuccessDetails = z.infer<typeof successDetailsSchema>;

/** Why a post that was sent did not stay up; the author deleting her own post is not one of them. */
export const removalCauses = ['moderator', 'spamFilter', 'reddit'] as const;
export type RemovalCause = (typeof removalCauses)[number];

const byCause: Record<RemovalCause, string> = {
  moderator: 'the moderators',
  spamFilter: 'the spam filter',
  reddit: 'Reddit',
};

const posts = { one: 'post', other: 'posts' };

export const successTexts = {
  /** The column's help text and the first words of each row's sentence. */
  definition: 'Chance your next post that follows the rules stays up for 24 hours',
  columnHelp:
    'Success Rate: the chance your next post that follows the community’s rules stays up for 24 hours, from its rules, what happened to posts sent from here, and your own posts there.',
  /** The row's sentence: "Chance …: 82% (likely between 71% and 90%), from 12 posts sent from here." */
  sentence(percent: string, low: string, high: string, postCount: number, ownPosts: number): string {
    const basis =
      postCount === 0
        ? 'from the community’s rules alone (no posts sent from here yet)'
        : ownPosts > 0
          ? `from ${countOf(postCount, posts)} sent from here, ${ownPosts} of them yours`
          : `from ${countOf(postCount, posts)} sent from here`;
    return `${successTexts.definition}: ${percent} (likely between ${low} and ${high}), ${basis}.`;
  },
  promotion: {
    yes: 'Promotion allowed: creators’ posts are welcome',
    limited: 'Promotion limited: posts that promote through your profile only usually stay up',
    no: 'No promotion: moderators remove posts from accounts they see as selling',
  },
  verificationUnknown: 'Verification required: posts from unverified accounts are usually removed',
  activeModerators: 'Active moderators: rule-breaking posts come down quickly',
  titleRules: (count: number) =>
    `${countOf(count, { one: 'title rule', other: 'title rules' })}: automatic checks remove titles that miss ${plural(count, { one: 'it', other: 'them' })}`,
  strictLimits: 'Strict posting limit: a post inside the limit is removed',
  minKarma: (karma: number) => `Minimum karma ${karma}: posts from accounts below it are removed`,
  minAccountAge: (days: number) =>
    `Minimum account age ${countOf(days, { one: 'day', other: 'days' })}: posts from younger accounts are removed`,
  noPostsYet: 'No posts sent from here to this community yet: the figure rests on its rules',
  /** "12 posts by creators on this server: 11 stayed up" (+ ", 1 removed by the spam filter"). */
  community(total: number, stayed: number, removals: Partial<Record<RemovalCause, number>>): string {
    const parts = [`${stayed} stayed up`];
    for (const cause of removalCauses) {
      const count = removals[cause] ?? 0;
      if (count > 0) parts.push(`${count} removed by ${byCause[cause]}`);
    }
    return `${countOf(total, posts)} by creators on this server: ${parts.join(', ')}`;
  },
  /** "3 of your 4 posts here were removed by the spam filter", or "Your 4 posts here all stayed up". */
  own(total: number, stayed: number, removals: Partial<Record<RemovalCause, number>>): string {
    const removed = total - stayed;
    const by = (count: number) => {
      const [main] = removalCauses
        .map((cause) => [cause, removals[cause] ?? 0] as const)
        .sort((a, b) => b[1] - a[1]);
      return main && main[1] === count ? ` by ${byCause[main[0]]}` : '';
    };
    if (total === 1) return removed === 0 ? 'Your post here stayed up' : `Your post here was removed${by(1)}`;
    if (removed === 0) return `Your ${total} posts here all stayed up`;
    const were = removed === 1 ? 'was' : 'were';
    return `${removed} of your ${countOf(total, posts)} here ${were} removed${by(removed)}`;
  },
  accountBetter: 'Your posts in other communities stayed up more often than expected',
  accountWorse: 'Your posts in other communities were removed more often than expected',
};
