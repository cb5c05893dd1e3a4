import { useId, useRef, useState, type FormEvent } from 'react';
import {
  postRulesErrorCode,
  scheduleTexts,
  type SchedulePostRequest,
  type ScheduledPost,
  type SchedulePostResponse,
} from '@app/shared/posts';
import { redditTexts, type RedditAccount } from '@app/shared/reddit';
import { serverFieldOf } from '../../../components/ui/form/server-errors';
import { toast } from '../../../components/ui/toast';
import { trackEvent } from '../../../lib/analytics/analytics';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ApiError } from '../../../lib/request';
import { useCheckPost } from '../api/check-post';
import { useCommunityNames } from '../api/get-community-names';
import { useOptimalTime } from '../api/get-optimal-time';
import { useSchedulePost } from '../api/schedule-post';
import { useUpdateScheduledPost } from '../api/update-scheduled-post';
import { isAuthError, redditErrorText } from '../lib/reddit-error-text';
import { redditPageTexts } from '../lib/reddit-texts';
import {
  checkDraft,
  cleanSubreddit,
  editChanges,
  type DraftErrors,
  type ScheduleDraft,
} from '../lib/schedule-draft';
import { formatPostTime } from '../lib/schedule-time';
import type { Review } from './post-review';

export interface SchedulePostFormProps {
  draft: ScheduleDraft;
  onChange: (draft: ScheduleDraft) => void;
  /** Undefined while loading; the form still works, and the server answers if none is linked. */
  accounts: RedditAccount[] | undefined;
  now: Date;
  timeZone: string;
  /** A pending post being changed: the form saves it (PATCH) instead of scheduling a new one. */
  editing?: ScheduledPost | null;
  onStopEditing?: () => void;
}

const fieldOfServerError: Record<string, keyof DraftErrors> = {
  subreddit: 'subreddit',
  title: 'title',
  body: 'body',
  scheduledAt: 'time',
  firstComment: 'firstComment',
  firstCommentDelayMinutes: 'firstComment',
};

function serverField(error: unknown): keyof DraftErrors | undefined {
  const field = serverFieldOf(error);
  return field === undefined ? undefined : fieldOfServerError[field];
}

/**
 * The schedule form's state and actions: validation, scheduling or saving, the rules check and its
 * fixes. The draft itself lives with the page (it survives switching tabs), so this is not on the
 * form kit: its fields are the page's, and its checks need the clock and the time choice.
 */
export function useSchedulePostForm(props: SchedulePostFormProps) {
  const { draft, onChange, accounts, timeZone, editing = null, onStopEditing = () => undefined } = props;
  const id = useId();
  const schedule = useSchedulePost();
  const check = useCheckPost();
  const update = useUpdateScheduledPost();
  const [errors, setErrors] = useState<DraftErrors>({});
  const [review, setReview] = useState<Review | null>(null);
  const subredditRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const timeRef = useRef<HTMLInputElement>(null);
  const firstCommentRef = useRef<HTMLTextAreaElement>(null);
  const focusField = (field: keyof DraftErrors) =>
    ({
      subreddit: subredditRef,
      title: titleRef,
      body: bodyRef,
      time: timeRef,
      firstComment: firstCommentRef,
    })[field].current?.focus();
  const subreddit = useDebouncedValue(cleanSubreddit(draft.subreddit), 400);
  // Asked whatever the choice, so the 'Best time' card always says what it would pick.
  const optimal = useOptimalTime(subreddit, { enabled: true });
  const communities = useCommunityNames({ enabled: true });
  const busy = schedule.isPending || check.isPending || update.isPending;
  const failedTitle = editing ? redditPageTexts.saveFailed : redditPageTexts.scheduleFailed;
  const flairs = review && review.kind !== 'warned' ? (review.check?.flairs ?? []) : [];
  const flairRequired = review && review.kind !== 'warned' ? Boolean(review.check?.flairRequired) : false;

  function set<K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) {
    onChange({ ...draft, [key]: value });
    const field =
      key === 'choice' || key === 'custom'
        ? 'time'
        : key === 'firstCommentDelayMinutes'
          ? 'firstComment'
          : key;
    if (field in errors) setErrors(({ [field as keyof DraftErrors]: _gone, ...rest }) => rest);
    // Another community has other rules: what was found no longer applies.
    if (key === 'subreddit' && review?.kind !== 'warned') setReview(null);
  }

  function focusFirst(found: DraftErrors) {
    const first = (['subreddit', 'title', 'body', 'firstComment', 'time'] as const).find(
      (field) => found[field],
    );
    if (first) focusField(first);
  }

  function validated(): SchedulePostRequest | null {
    const result = checkDraft(draft, new Date());
    if (result.ok) return result.request;
    setErrors(result.errors);
    focusFirst(result.errors);
    if (result.missing) {
      // docs/product.md#reddit-posting: subreddit and title are required.
      toast.error(scheduleTexts.missingInformationTitle, { description: scheduleTexts.missingInformation });
    }
    return null;
  }

  function showRules(request: SchedulePostRequest, message: string) {
    const subredditName = request.subreddit;
    setReview({ kind: 'blocked', subreddit: subredditName, check: null, message });
    check.mutate(request, {
      onSuccess: (result) => setReview({ kind: 'blocked', subreddit: subredditName, check: result, message }),
    });
  }

  function onScheduled({ post, warnings }: SchedulePostResponse) {
    const soon = Date.parse(post.scheduledAt) <= Date.now() + 60_000;
    toast.success(scheduleTexts.scheduled, {
      description: soon
        ? scheduleTexts.queuedNow
        : `It goes to r/${post.subreddit} ${formatPostTime(post.scheduledAt, { timeZone })}.`,
    });
    onChange({
      ...draft,
      title: '',
      body: '',
      flairId: '',
      flairText: '',
      custom: '',
      imageId: '',
      firstComment: '',
    });
    setErrors({});
    setReview(warnings.length > 0 ? { kind: 'warned', postId: post.id, problems: warnings } : null);
  }

  function onSaved(post: ScheduledPost) {
    const soon = Date.parse(post.scheduledAt) <= Date.now() + 60_000;
    toast.success(scheduleTexts.updated, {
      description: soon
        ? scheduleTexts.queuedNow
        : `It goes to r/${post.subreddit} ${formatPostTime(post.scheduledAt, { timeZone })}.`,
    });
    onChange({
      ...draft,
      title: '',
      body: '',
      flairId: '',
      flairText: '',
      custom: '',
      imageId: '',
      firstComment: '',
      choice: 'optimal',
    });
    setErrors({});
    setReview(null);
    onStopEditing();
  }

  function onScheduleFailed(error: unknown, request: SchedulePostRequest) {
    if (isAuthError(error)) {
      // docs/product.md#reddit-posting: an auth error says to log in.
      toast.error(scheduleTexts.authRequiredTitle, { description: scheduleTexts.authRequired });
      return;
    }
    const message = redditErrorText(error);
    if (editing && error instanceof ApiError && (error.status === 409 || error.status === 404)) {
      // Sent, failed or cancelled meanwhile: there is nothing left to change.
      toast.error(failedTitle, { description: error.status === 404 ? message : scheduleTexts.notPending });
      onStopEditing();
      return;
    }
    if (error instanceof ApiError && error.code === postRulesErrorCode) {
      showRules(request, message);
      toast.error(failedTitle, {
        description: `r/${request.subreddit} would remove it as written. The fixes are shown under the form.`,
      });
      return;
    }
    const field = serverField(error);
    if (field) {
      setErrors((current) => ({ ...current, [field]: message }));
      focusField(field);
    }
    toast.error(failedTitle, { description: message });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = validated();
    if (!request) return;
    if (editing) {
      update.mutate(
        { id: editing.id, changes: editChanges(request, optimal.data?.scheduledAt) },
        { onSuccess: ({ post }) => onSaved(post), onError: (error) => onScheduleFailed(error, request) },
      );
      return;
    }
    if (accounts && accounts.length === 0) {
      toast.error(redditPageTexts.scheduleFailed, { description: redditTexts.noAccount });
      return;
    }
    trackEvent('feature_usage', { feature: 'reddit', action: 'schedule' });
    schedule.mutate(request, {
      onSuccess: onScheduled,
      onError: (error) => onScheduleFailed(error, request),
    });
  }

  function runCheck() {
    const request = validated();
    if (!request) return;
    check.mutate(request, {
      onSuccess: (result) => setReview({ kind: 'checked', subreddit: request.subreddit, check: result }),
      onError: (error) => toast.error(redditPageTexts.checkFailed, { description: redditErrorText(error) }),
    });
  }

  function applyTitle(title: string) {
    onChange({ ...draft, title });
    setErrors(({ title: _gone, ...rest }) => rest);
    if (review?.kind !== 'warned' && review?.check) {
      const problems = review.check.problems.filter((problem) => !problem.code.startsWith('title'));
      setReview({ ...review, check: { ...review.check, problems } });
    }
    titleRef.current?.focus();
  }

  /** A title written from the photo: it replaces the field's text, which keeps focus for editing. */
  function writtenTitle(title: string) {
    set('title', title);
    titleRef.current?.focus();
  }

  function fixScheduledTitle(postId: string, title: string) {
    update.mutate(
      { id: postId, changes: { title } },
      {
        onSuccess: () => {
          toast.success(redditPageTexts.titleApplied, { description: scheduleTexts.updated });
          setReview(null);
        },
        onError: (error) =>
          toast.error(redditPageTexts.scheduleFailed, { description: redditErrorText(error) }),
      },
    );
  }

  return {
    id,
    errors,
    review,
    setReview,
    refs: { subredditRef, titleRef, bodyRef, timeRef, firstCommentRef },
    set,
    submit,
    runCheck,
    applyTitle,
    writtenTitle,
    fixScheduledTitle,
    busy,
    flairs,
    flairRequired,
    optimal,
    communities,
    checking: check.isPending,
    updating: update.isPending,
    scheduling: schedule.isPending,
  };
}
