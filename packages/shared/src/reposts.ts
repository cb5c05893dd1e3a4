import { z } from 'zod';
import { countOf } from './plural';
import { subredditField, titleField } from './posts';

/**
 * Recurring reposts (docs/reddit-posting.md#recurring-reposts): the same photo to the same
 * subreddits every N days, each time with a fresh protected copy and the next title in turn.
 */
export const repostLimits = {
  /** Most subreddits forbid the same picture more often than every few days; 3 is the floor. */
  everyDays: { min: 3, max: 60, default: 7 },
  maxSubreddits: 30,
  maxTitles: 10,
} as const;

/** The choices the dialog offers (any whole number in range is accepted by the API). */
export const repostEveryDaysChoices = [3, 5, 7, 10, 14, 21, 30, 60] as const;

export const repostSeriesStatuses = ['active', 'stopped'] as const;
export type RepostSeriesStatus = (typeof repostSeriesStatuses)[number];

const day = (at: Date) => at.toISOString().slice(0, 10);

export const repostTexts = {
  created: (everyDays: number, subreddits: number) =>
    `Repost set up: every ${countOf(everyDays, { one: 'day', other: 'days' })} to ${countOf(subreddits, { one: 'subreddit', other: 'subreddits' })}, each time with a fresh protected copy and the next title.`,
  stopped: 'Repost stopped: waiting posts of it were removed. Sent posts stay on Reddit.',
  resumed: 'Repost resumed: the next round is made at the next run time.',
  notFound: 'That repost does not exist.',
  sourceNotFound: 'That post or campaign does not exist.',
  needsSource: 'Give either sourcePostId or campaignId, not both and not neither.',
  sourceNeedsPhoto:
    'Only a photo post can be reposted: a fresh protected copy is made of its photo each time.',
  sourceFailed: 'This post was not sent; schedule it again before setting up a repost.',
  noSubreddits: 'Pick at least one subreddit to repost to.',
  sourceRemoved: (subreddit: string) =>
    `Your post in r/${subreddit} was removed there. Reposting it there risks a ban: leave r/${subreddit} out.`,
  duplicateSubreddit: (name: string) => `r/${name} is in the list twice. Keep it once.`,
  noTitles: 'Keep at least one title.',
  alreadyActive: 'This repost is already running.',
  alreadyStopped: 'This repost is already stopped.',
  noAccount: 'Connect a Reddit account before resuming this repost.',
  everyDaysRange: `Repost every ${repostLimits.everyDays.min} to ${repostLimits.everyDays.max} days.`,
  // Why a series stopped by itself: plain words naming the subreddit and what happened.
  stoppedRemoved: (subreddit: string, at: Date, by: string | null) =>
    `Stopped: your repost in r/${subreddit} was ${removedByWords(by)} on ${day(at)}. Reposting there again risks a ban.`,
  stoppedRateLimited: (subreddit: string, at: Date) =>
    `Stopped: Reddit told this account to slow down (rate limit) while reposting to r/${subreddit} on ${day(at)}. Wait a few days before resuming.`,
  stoppedByYou: 'Stopped by you.',
  stoppedPhotoGone:
    'Stopped: the photo of this repost was deleted from your gallery, so there is nothing to repost.',
  stoppedAccountGone:
    'Stopped: the Reddit account of this repost was disconnected. Connect it again, then resume.',
  skipped: (subreddits: readonly string[]) =>
    `Last round skipped ${subreddits.map((name) => `r/${name}`).join(', ')}: the subreddit's rules now refuse the post.`,
} as const;

function removedByWords(by: string | null): string {
  if (by === 'moderator') return 'removed by the moderators';
  if (by === 'reddit') return "removed by Reddit's spam filter";
  if (by === 'author' || by === 'deleted') return 'deleted';
  return 'removed';
}

const idField = (name: string) => z.uuid({ message: `${name} must be a valid id (UUID)` });

/** POST /api/reposts: from a sent or waiting post, or from a campaign. */
export const repostRequestSchema = z.strictObject({
  sourcePostId: idField('sourcePostId').optional(),
  campaignId: idField('campaignId').optional(),
  everyDays: z
    .number({ message: repostTexts.everyDaysRange })
    .int({ message: repostTexts.everyDaysRange })
    .min(repostLimits.everyDays.min, { message: repostTexts.everyDaysRange })
    .max(repostLimits.everyDays.max, { message: repostTexts.everyDaysRange })
    .default(repostLimits.everyDays.default),
  /** Absent: the post's subreddit, or every subreddit of the campaign. */
  subreddits: z
    .array(subredditField)
    .min(1, { message: repostTexts.noSubreddits })
    .max(repostLimits.maxSubreddits, {
      message: `Repost to at most ${repostLimits.maxSubreddits} subreddits.`,
    })
    .optional(),
  /** Titles used in turn; absent: the original title alone. */
  titles: z
    .array(titleField)
    .min(1, { message: repostTexts.noTitles })
    .max(repostLimits.maxTitles, { message: `Keep at most ${repostLimits.maxTitles} titles.` })
    .optional(),
});
export type RepostRequest = z.input<typeof repostRequestSchema>;

export const repostSeriesSchema = z.object({
  id: z.uuid(),
  sourcePostId: z.uuid().nullable(),
  campaignId: z.uuid().nullable(),
  redditUsername: z.string().nullable(),
  subreddits: z.array(z.string()),
  everyDays: z.number().int(),
  titles: z.array(z.string()),
  rounds: z.number().int(),
  nextRunAt: z.iso.datetime(),
  status: z.enum(repostSeriesStatuses),
  stoppedReason: z.string().nullable(),
  lastRoundNote: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type RepostSeries = z.infer<typeof repostSeriesSchema>;

export const repostListResponseSchema = z.array(repostSeriesSchema);
export const repostActionResponseSchema = z.object({ message: z.string(), series: repostSeriesSchema });
export const repostParamsSchema = z.strictObject({ id: idField('id') });

export const repostCountText = (rounds: number) => countOf(rounds, { one: 'round', other: 'rounds' });
