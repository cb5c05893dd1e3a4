import { useId, useRef, useState, type FormEvent } from 'react';
import { CalendarCheck, LoaderCircle, ShieldCheck } from 'lucide-react';
import {
  postRulesErrorCode,
  scheduleTexts,
  type SchedulePostRequest,
  type ScheduledPost,
  type SchedulePostResponse,
} from '@app/shared/posts';
import { redditTexts, type RedditAccount } from '@app/shared/reddit';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
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
import { fieldClasses, labelClasses } from './field-styles';
import { PhotoField } from './photo-field';
import { PostTextFields } from './post-text-fields';
import { PostReview, type Review } from './post-review';
import { TimeChoiceField } from './time-choice-field';

interface SchedulePostFormProps {
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
};

function serverField(error: unknown): keyof DraftErrors | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const field = (error.body as { field?: unknown }).field;
  return typeof field === 'string' ? fieldOfServerError[field] : undefined;
}

/** Spec 2 and 5: subreddit, title, optional text and the time choice; rules checked with one-click fixes. */
export function SchedulePostForm(props: SchedulePostFormProps) {
  const { draft, onChange, accounts, now, timeZone, editing = null, onStopEditing = () => undefined } = props;
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
  const focusField = (field: keyof DraftErrors) =>
    ({ subreddit: subredditRef, title: titleRef, body: bodyRef, time: timeRef })[field].current?.focus();
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
    const field = key === 'choice' || key === 'custom' ? 'time' : key;
    if (field in errors) setErrors(({ [field as keyof DraftErrors]: _gone, ...rest }) => rest);
    // Another community has other rules: what was found no longer applies.
    if (key === 'subreddit' && review?.kind !== 'warned') setReview(null);
  }

  function focusFirst(found: DraftErrors) {
    const first = (['subreddit', 'title', 'body', 'time'] as const).find((field) => found[field]);
    if (first) focusField(first);
  }

  function validated(): SchedulePostRequest | null {
    const result = checkDraft(draft, new Date());
    if (result.ok) return result.request;
    setErrors(result.errors);
    focusFirst(result.errors);
    if (result.missing) {
      // Spec 5: subreddit and title are required.
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
    onChange({ ...draft, title: '', body: '', flairId: '', flairText: '', custom: '', imageId: '' });
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
      choice: 'optimal',
    });
    setErrors({});
    setReview(null);
    onStopEditing();
  }

  function onScheduleFailed(error: unknown, request: SchedulePostRequest) {
    if (isAuthError(error)) {
      // Spec 8: an auth error says to log in.
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

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-5">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {editing ? redditPageTexts.editingTitle : redditPageTexts.formTitle}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {editing ? redditPageTexts.editingText(editing.titleFinal) : redditPageTexts.formDescription}
          </p>
        </div>

        {!editing && accounts && accounts.length > 1 && (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-account`} className={labelClasses}>
              Post as
            </label>
            <select
              id={`${id}-account`}
              value={draft.accountId || accounts[0]!.id}
              disabled={busy}
              onChange={(event) => set('accountId', event.target.value)}
              className={cn(fieldClasses, 'h-10 px-3')}
            >
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  u/{account.username}
                </option>
              ))}
            </select>
          </div>
        )}

        <PostTextFields
          draft={draft}
          onChange={onChange}
          set={set}
          errors={errors}
          disabled={busy}
          communityNames={communities.data}
          flairs={flairs}
          flairRequiredIn={flairRequired && review && review.kind !== 'warned' ? review.subreddit : null}
          subredditRef={subredditRef}
          titleRef={titleRef}
          bodyRef={bodyRef}
        />

        {!editing && (
          <PhotoField
            imageId={draft.imageId}
            onChange={(imageId) => set('imageId', imageId)}
            disabled={busy}
          />
        )}

        <TimeChoiceField
          choice={draft.choice}
          custom={draft.custom}
          onChoice={(choice) => set('choice', choice)}
          onCustom={(value) => set('custom', value)}
          now={now}
          timeZone={timeZone}
          optimalAt={optimal.data?.scheduledAt}
          optimalNow={
            optimal.data?.basis === 'no_data' ||
            (optimal.error instanceof ApiError && optimal.error.status === 404)
          }
          error={errors.time}
          disabled={busy}
          customRef={timeRef}
        />

        <PostReview
          review={review}
          checking={check.isPending}
          updating={update.isPending}
          onApplyTitle={applyTitle}
          onFixScheduledTitle={fixScheduledTitle}
          onDismiss={() => setReview(null)}
        />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {editing && (
            <Button type="button" variant="ghost" disabled={busy} onClick={onStopEditing}>
              {redditPageTexts.stopEditing}
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            aria-busy={check.isPending || undefined}
            onClick={runCheck}
          >
            {check.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <ShieldCheck aria-hidden="true" className="size-4" />
            )}
            {check.isPending ? redditPageTexts.checking : redditPageTexts.check}
          </Button>
          <Button
            type="submit"
            disabled={busy}
            aria-busy={schedule.isPending || update.isPending || undefined}
          >
            {schedule.isPending || update.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <CalendarCheck aria-hidden="true" className="size-4" />
            )}
            {schedule.isPending
              ? redditPageTexts.scheduling
              : update.isPending
                ? redditPageTexts.saving
                : editing
                  ? redditPageTexts.save
                  : draft.choice === 'now'
                    ? redditPageTexts.postNow
                    : redditPageTexts.schedule}
          </Button>
        </div>
      </form>
    </Card>
  );
}
