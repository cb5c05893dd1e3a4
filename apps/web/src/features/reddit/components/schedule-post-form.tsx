import { bestTimesNote } from '@app/shared/best-times';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/request';
import { redditPageTexts } from '../lib/reddit-texts';
import { FirstCommentField } from './first-comment-field';
import { PhotoField } from './photo-field';
import { PostAccountField } from './post-account-field';
import { PostReview } from './post-review';
import { PostTextFields } from './post-text-fields';
import { ScheduleFormActions } from './schedule-form-actions';
import { TimeChoiceField } from './time-choice-field';
import { useSchedulePostForm, type SchedulePostFormProps } from './use-schedule-post-form';

/** docs/product.md#reddit-posting: subreddit, title, optional text and the time choice; rules checked with one-click fixes. */
export function SchedulePostForm(props: SchedulePostFormProps) {
  const { draft, onChange, accounts, now, timeZone, editing = null, onStopEditing = () => undefined } = props;
  const {
    id,
    errors,
    review,
    setReview,
    refs,
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
    checking,
    updating,
    scheduling,
  } = useSchedulePostForm(props);

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
          <PostAccountField
            id={`${id}-account`}
            accounts={accounts}
            accountId={draft.accountId}
            disabled={busy}
            onChange={(accountId) => set('accountId', accountId)}
          />
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
          subredditRef={refs.subredditRef}
          titleRef={refs.titleRef}
          bodyRef={refs.bodyRef}
        />

        <FirstCommentField
          text={draft.firstComment}
          delayMinutes={draft.firstCommentDelayMinutes}
          onText={(text) => set('firstComment', text)}
          onDelay={(minutes) => set('firstCommentDelayMinutes', minutes)}
          error={errors.firstComment}
          disabled={busy}
          textRef={refs.firstCommentRef}
        />

        {!editing && (
          <PhotoField
            imageId={draft.imageId}
            onChange={(imageId) => set('imageId', imageId)}
            disabled={busy}
            subreddit={draft.subreddit}
            onTitle={writtenTitle}
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
          optimalNote={
            optimal.data
              ? bestTimesNote({ basis: optimal.data.timesBasis, ownPosts: optimal.data.ownPosts })
              : undefined
          }
          optimalNow={
            optimal.data?.basis === 'no_data' ||
            (optimal.error instanceof ApiError && optimal.error.status === 404)
          }
          error={errors.time}
          disabled={busy}
          customRef={refs.timeRef}
        />

        <PostReview
          review={review}
          checking={checking}
          updating={updating}
          onApplyTitle={applyTitle}
          onFixScheduledTitle={fixScheduledTitle}
          onDismiss={() => setReview(null)}
        />

        <ScheduleFormActions
          editing={Boolean(editing)}
          postNow={draft.choice === 'now'}
          busy={busy}
          checking={checking}
          scheduling={scheduling}
          updating={updating}
          onStopEditing={onStopEditing}
          onCheck={runCheck}
        />
      </form>
    </Card>
  );
}
