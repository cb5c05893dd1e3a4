import { z } from 'zod';
import { scheduledPostSchema, type ScheduledPost } from './posts';

/**
 * The /reddit calendar (docs/reddit-posting.md#calendar): a user's posts between two moments, every
 * status, read one week or month (plus the days around it) at a time.
 */

/** The longest range one read may ask for: a month grid shows at most six weeks (42 days). */
export const calendarMaxDays = 45;

export const calendarTexts = {
  fromInvalid: 'from must be a date and time (ISO 8601), like 2026-12-01T00:00:00Z.',
  toInvalid: 'to must be a date and time (ISO 8601), like 2026-12-08T00:00:00Z.',
  toBeforeFrom: 'to must be later than from.',
  rangeTooLong: `The calendar reads at most ${calendarMaxDays} days at a time: ask for a shorter range.`,
} as const;

/** GET /api/posts/calendar?from=&to=: posts scheduled at or after `from` and before `to`. */
export const calendarQuerySchema = z
  .strictObject({
    from: z.iso
      .datetime({ offset: true, message: calendarTexts.fromInvalid })
      .describe('Start of the range (inclusive), ISO 8601.'),
    to: z.iso
      .datetime({ offset: true, message: calendarTexts.toInvalid })
      .describe(`End of the range (exclusive), ISO 8601; at most ${calendarMaxDays} days after from.`),
  })
  .superRefine((value, context) => {
    const span = Date.parse(value.to) - Date.parse(value.from);
    if (span <= 0) context.addIssue({ code: 'custom', message: calendarTexts.toBeforeFrom, path: ['to'] });
    else if (span > calendarMaxDays * 86_400_000)
      context.addIssue({ code: 'custom', message: calendarTexts.rangeTooLong, path: ['to'] });
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

export const calendarResponseSchema = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Every status, soonest scheduled first. */
  posts: z.array(scheduledPostSchema),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/** What the calendar and the list filter show: a sent post that a check found removed is 'removed'. */
export const calendarStatuses = ['pending', 'sent', 'failed', 'removed'] as const;
export type CalendarStatus = (typeof calendarStatuses)[number];

export const calendarStatusLabels: Record<CalendarStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  removed: 'Removed',
};

export function calendarStatusOf(post: Pick<ScheduledPost, 'status' | 'outcome'>): CalendarStatus {
  if (post.status === 'sent' && post.outcome?.removed) return 'removed';
  return post.status;
}
