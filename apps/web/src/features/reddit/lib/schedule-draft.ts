import {
  schedulePostRequestSchema,
  type ScheduledPost,
  type SchedulePostRequest,
  type ScheduleTimeChoice,
  type UpdateScheduledPostRequest,
} from '@app/shared/posts';
import { defaultFirstCommentDelayMinutes } from '@app/shared/posts-first-comment';
import { resolveScheduleTime, toLocalInputValue } from './schedule-time';

/** What the schedule form holds while the user writes. */
export interface ScheduleDraft {
  subreddit: string;
  title: string;
  body: string;
  choice: ScheduleTimeChoice;
  /** The datetime-local value for the custom choice, in the browser's zone. */
  custom: string;
  /** Empty: the server uses the first linked account. */
  accountId: string;
  flairId: string;
  flairText: string;
  /** A gallery photo: the post becomes an image post. Empty for a text post. */
  imageId: string;
  /** Posted under the post once it is live; empty for none. */
  firstComment: string;
  /** Minutes after the post is live. */
  firstCommentDelayMinutes: number;
}

export const emptyDraft: ScheduleDraft = {
  subreddit: '',
  title: '',
  body: '',
  choice: 'optimal',
  custom: '',
  accountId: '',
  flairId: '',
  flairText: '',
  imageId: '',
  firstComment: '',
  firstCommentDelayMinutes: defaultFirstCommentDelayMinutes,
};

export type DraftField = 'subreddit' | 'title' | 'body' | 'time' | 'firstComment';
export type DraftErrors = Partial<Record<DraftField, string>>;

export type DraftCheck =
  { ok: true; request: SchedulePostRequest } | { ok: false; missing: boolean; errors: DraftErrors };

/** "r/Selfie", "/r/selfie" and " selfie " all name the same community. */
export function cleanSubreddit(value: string): string {
  return value.trim().replace(/^\/?r\//i, '');
}

/**
 * docs/product.md#reddit-posting: subreddit and title are required ('Missing information'); the rest of the shared schema
 * (name shape, lengths) and the time choice are checked here too, so the server rarely has to refuse.
 */
export function checkDraft(draft: ScheduleDraft, now: Date = new Date()): DraftCheck {
  const missing: DraftErrors = {};
  if (cleanSubreddit(draft.subreddit) === '') missing.subreddit = 'Enter the subreddit to post in.';
  if (draft.title.trim() === '') missing.title = 'Enter a title for your post.';
  if (Object.keys(missing).length > 0) return { ok: false, missing: true, errors: missing };

  const time = resolveScheduleTime(draft.choice, draft.custom, now);
  const request: SchedulePostRequest = {
    subreddit: cleanSubreddit(draft.subreddit),
    title: draft.title.trim(),
    ...(draft.body.trim() ? { body: draft.body } : {}),
    ...(time.ok && time.scheduledAt ? { scheduledAt: time.scheduledAt } : {}),
    ...(time.ok && time.timing ? { timing: time.timing } : {}),
    ...(draft.accountId ? { redditAccountId: draft.accountId } : {}),
    ...(draft.flairId ? { flairId: draft.flairId } : {}),
    ...(draft.flairText ? { flairText: draft.flairText } : {}),
    ...(draft.imageId ? { imageId: draft.imageId } : {}),
    ...(draft.firstComment.trim()
      ? { firstComment: draft.firstComment, firstCommentDelayMinutes: draft.firstCommentDelayMinutes }
      : {}),
  };
  const errors: DraftErrors = {};
  if (!time.ok) errors.time = time.error;
  const parsed = schedulePostRequestSchema.safeParse(request);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (
      (field === 'subreddit' || field === 'title' || field === 'body' || field === 'firstComment') &&
      !errors[field]
    )
      errors[field] = issue.message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, missing: false, errors };
  return { ok: true, request };
}

/** A sent or failed post back in the form, to fix and send again; the time goes back to the default. */
export function draftFromPost(post: ScheduledPost, keep: ScheduleDraft): ScheduleDraft {
  return {
    ...keep,
    subreddit: post.subreddit,
    title: post.titleFinal,
    body: post.bodyFinal ?? '',
    choice: keep.choice === 'custom' ? 'optimal' : keep.choice,
    custom: '',
    accountId: post.redditAccountId ?? keep.accountId,
    flairId: '',
    flairText: '',
    imageId: post.imageId ?? '',
    ...firstCommentOf(post),
  };
}

function firstCommentOf(
  post: ScheduledPost,
): Pick<ScheduleDraft, 'firstComment' | 'firstCommentDelayMinutes'> {
  return {
    firstComment: post.firstComment?.text ?? '',
    firstCommentDelayMinutes: post.firstComment?.delayMinutes ?? defaultFirstCommentDelayMinutes,
  };
}

/** A pending post in the form for changes: its own time stays picked until another choice is made. */
export function draftForEditing(post: ScheduledPost, keep: ScheduleDraft): ScheduleDraft {
  return {
    ...keep,
    subreddit: post.subreddit,
    title: post.titleFinal,
    body: post.bodyFinal ?? '',
    choice: 'custom',
    custom: toLocalInputValue(new Date(post.scheduledAt)),
    accountId: post.redditAccountId ?? '',
    flairId: '',
    flairText: '',
    imageId: post.imageId ?? '',
    ...firstCommentOf(post),
  };
}

/**
 * The PATCH for an edited post. PATCH knows no 'optimal': the time the server named for it is
 * sent instead (null, meaning now, when it named none). Photo and account stay as they were.
 */
export function editChanges(
  request: SchedulePostRequest,
  optimalAt: string | undefined,
): UpdateScheduledPostRequest {
  const scheduledAt = request.scheduledAt ?? (request.timing === 'optimal' ? (optimalAt ?? null) : null);
  return {
    subreddit: request.subreddit,
    title: request.title,
    body: request.body ?? null,
    scheduledAt,
    firstComment: request.firstComment ?? null,
    ...(request.firstComment ? { firstCommentDelayMinutes: request.firstCommentDelayMinutes } : {}),
    ...(request.flairId ? { flairId: request.flairId, flairText: request.flairText ?? null } : {}),
  };
}
