import { z } from 'zod';

/**
 * docs/reddit-posting.md#first-comment: an optional comment the same Reddit account leaves under its
 * own post a chosen number of minutes after the post is live (often the creator's link).
 */
export const maxFirstCommentLength = 10_000;
export const defaultFirstCommentDelayMinutes = 2;
export const maxFirstCommentDelayMinutes = 60;
/** The delays the schedule form offers; the API takes any whole number of minutes 0–60. */
export const firstCommentDelayChoices = [0, 1, 2, 5, 10, 30] as const;

export const firstCommentStatuses = ['pending', 'sent', 'failed'] as const;
export type FirstCommentStatus = (typeof firstCommentStatuses)[number];

export const firstCommentTexts = {
  label: 'First comment',
  help: 'Optional. Posted under your post by the same Reddit account, once the post is live — for example your link. Leave it empty for none.',
  delayLabel: 'Post the first comment',
  delayChoice: (minutes: number) =>
    minutes === 0 ? 'Right away' : minutes === 1 ? '1 minute after' : `${minutes} minutes after`,
  tooLong: `The first comment is at most ${maxFirstCommentLength} characters.`,
  delayInvalid: `firstCommentDelayMinutes must be a whole number of minutes from 0 to ${maxFirstCommentDelayMinutes}.`,
  linksForbidden: (subreddit: string, rule: string) =>
    `r/${subreddit} does not allow links in comments ("${rule}"), so a first comment with a link would be removed.`,
  linksForbiddenFix: 'Remove the link from the first comment, or leave the first comment out.',
  stateSent: 'First comment: posted',
  stateWaiting: 'First comment: waiting',
  stateFailed: (reason: string) => `First comment: failed: ${reason}`,
  viewComment: 'View comment',
} as const;

/** What the sender records when a first comment cannot go out. */
export const firstCommentErrors = {
  postNotSent: 'The post was not sent, so its first comment was not posted either.',
  accountGone: 'The Reddit account was disconnected before the first comment went out, so it was not posted.',
  postGone:
    'The post was deleted or removed on Reddit before the first comment went out, so it was not posted.',
  postUnknown:
    'Reddit did not tell us which post was made, so the first comment could not be placed under it.',
  ownerRestricted:
    'Your account access is restricted, so the first comment was not posted. Contact support if you think this is a mistake.',
  notConfigured: 'Reddit posting is not set up on this server yet; the first comment waits until it is.',
  postLocked: 'The post was locked on Reddit, so comments cannot be added to it.',
  grantRevoked: (name: string) =>
    `Reddit no longer accepts the link to u/${name} (access was revoked or expired), so the first comment was not posted. Connect the account again.`,
  unconfirmed:
    'Reddit did not answer while the first comment was being posted, and it does not show under the post. To avoid commenting twice it was not posted again: check the post on Reddit.',
  gaveUp: (detail: string) =>
    `Reddit kept failing, so we stopped trying to post the first comment: ${detail}`,
  refused: (detail: string) => `Reddit refused the first comment: ${detail}`,
} as const;

/**
 * A link, or text Reddit would turn into one: a URL, "www.", or a domain-like word with a common
 * top-level domain ("onlyfans.com/me", "linktr.ee/x"). Used to refuse a first comment up front where
 * a subreddit's rules forbid links in comments. Word by word, each pattern anchored at the word's
 * start, so a hostile 10,000-character comment is checked in linear time.
 */
const urlStart = /^(?:https?:\/\/|www\.)\S/i;
const domainLike =
  /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|me|co|ly|gg|tv|link|page|xyz|app|site|store|shop|fans|bio|to|cc|us|uk|de|ee|info|biz|online|club|live|vip|fun|social)$/i;

export function containsLink(text: string): boolean {
  return text.split(/[\s()[\]<>"'{},;!|*]+/).some((word) => {
    if (urlStart.test(word)) return true;
    // The host part: before any path, query or port, without a sentence's closing dot.
    let host = word.split(/[/?#:]/, 1)[0]!;
    while (host.endsWith('.')) host = host.slice(0, -1);
    return domainLike.test(host);
  });
}

const firstCommentText = z
  .string()
  .max(maxFirstCommentLength, { message: firstCommentTexts.tooLong })
  .transform((value) => (value.trim() === '' ? null : value.trim()));

/** Schedule request: empty or null means no first comment. */
export const firstCommentField = firstCommentText.nullish().transform((value) => value ?? undefined);
/** PATCH: null or empty removes the first comment; absent keeps it. */
export const firstCommentUpdateField = firstCommentText.nullable().optional();

export const firstCommentDelayField = z
  .number({ message: firstCommentTexts.delayInvalid })
  .int({ message: firstCommentTexts.delayInvalid })
  .min(0, { message: firstCommentTexts.delayInvalid })
  .max(maxFirstCommentDelayMinutes, { message: firstCommentTexts.delayInvalid });

/** A scheduled post's first comment as the lists show it; null when it has none. */
export const firstCommentSchema = z.object({
  text: z.string(),
  delayMinutes: z.number().int(),
  /** pending: waiting for the post, or for its delay; sent; failed (see error). */
  status: z.enum(firstCommentStatuses),
  error: z.string().nullable(),
  commentId: z.string().nullable(),
  /** The comment on Reddit once posted. */
  url: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
  /** When it goes out, once the post is live. */
  dueAt: z.iso.datetime().nullable(),
});
export type FirstComment = z.infer<typeof firstCommentSchema>;
