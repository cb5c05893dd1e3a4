import { z } from 'zod';

/**
 * Where each fact on a community's row comes from (docs/communities-data.md#where-facts-come-from):
 * what Reddit itself said at the last refresh, what the curated list holds, and requirements the
 * subreddit does not publish but its moderators' removals show, learned across creators' posts.
 */
export const factSources = ['reddit', 'curated'] as const;
export type FactSource = (typeof factSources)[number];

export const learnedRequirementSchema = z.object({
  /** The inferred threshold (karma, or days of account age). */
  value: z.number().int().nonnegative(),
  /** How many posts it was learned from. */
  posts: z.number().int().positive(),
});
export type LearnedRequirement = z.infer<typeof learnedRequirementSchema>;

export const communityFactsSchema = z.object({
  sources: z.object({
    members: z.enum(factSources),
    description: z.enum(factSources),
    titleRules: z.enum(factSources),
    contentRules: z.enum(factSources),
  }),
  /** When Reddit last confirmed the facts marked 'reddit'; null when it never did. */
  redditCheckedAt: z.iso.datetime().nullable(),
  /** Only where the subreddit's own figure is unknown; null when there is not enough evidence. */
  learned: z.object({
    minKarma: learnedRequirementSchema.nullable(),
    minAccountAgeDays: learnedRequirementSchema.nullable(),
  }),
  /** The content rules are one text shared by this many communities here (not its own); null when its own. */
  sharedContentRules: z.number().int().positive().nullable(),
});
export type CommunityFacts = z.infer<typeof communityFactsSchema>;

/** A content-rule text listed for at least this many communities is a generic one, not theirs. */
export const sharedRulesThreshold = 10;

export const communityFactTexts = {
  fromReddit: (date: string) => `from Reddit, checked ${date}`,
  curated: 'curated, not verified',
  learnedKarma: ({ value, posts }: LearnedRequirement) =>
    `likely about ${value.toLocaleString('en-US')}, learned from ${posts} posts`,
  learnedAge: ({ value, posts }: LearnedRequirement) =>
    `likely about ${value} ${value === 1 ? 'day' : 'days'}, learned from ${posts} posts`,
  learnedNote:
    'Not a published rule: posts from accounts below this were removed by the moderators, those above stayed up.',
  sharedRules: (name: string, count: number) =>
    `Only general rules are on file: the same text is listed for ${count} communities here, so it is not r/${name}'s own. Read the subreddit's rules on Reddit before you post.`,
} as const;
