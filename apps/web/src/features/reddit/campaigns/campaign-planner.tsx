import { useId, useMemo, useState } from 'react';
import { CalendarCheck, ListChecks, Plus, X } from 'lucide-react';
import {
  spacingLimits,
  type Campaign,
  type CampaignPlanResponse,
  type CampaignRequest,
  type CampaignTiming,
} from '@app/shared/campaigns';
import type { RedditAccount } from '@app/shared/reddit';
import { defaultFirstCommentDelayMinutes, firstCommentDelayChoices } from '@app/shared/posts-first-comment';
import { GalleryPhotoPicker } from '../../../components/gallery-photos/gallery-photo-picker';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { useCampaignCommunities, useCreateCampaign, usePlanCampaign } from '../api/campaigns';
import { PostAccountField } from '../components/post-account-field';
import { PostProblems } from '../components/post-problems';
import { errorClasses, fieldClasses, hintClasses, labelClasses } from '../components/field-styles';
import { campaignPageTexts as texts, gapChoices, perHourChoices } from '../lib/campaign-texts';
import { redditErrorText } from '../lib/reddit-error-text';
import { CampaignPlanRows, rowKey, type RowEdit } from './campaign-plan-rows';
import { SubredditPicker } from './subreddit-picker';

export interface CampaignDraft {
  name: string;
  title: string;
  body: string;
  /** Left under every post (unless a row leaves it out); '' for none. */
  firstComment: string;
  firstCommentDelayMinutes: number;
  /** '' is a picker not yet filled. */
  imageIds: string[];
  subreddits: string[];
  timing: CampaignTiming;
  /** A datetime-local value in the creator's zone; '' for "as soon as possible". */
  startAt: string;
  minGapMinutes: number;
  maxPerHour: number;
  accountId: string;
}

export const emptyCampaignDraft: CampaignDraft = {
  name: '',
  title: '',
  body: '',
  firstComment: '',
  firstCommentDelayMinutes: defaultFirstCommentDelayMinutes,
  imageIds: [''],
  subreddits: [],
  timing: 'spread',
  startAt: '',
  minGapMinutes: spacingLimits.minGapMinutes.default,
  maxPerHour: spacingLimits.maxPerHour.default,
  accountId: '',
};

/** The request for a draft, each row's edits as its target; with the plan's times when confirming. */
export function campaignRequest(
  draft: CampaignDraft,
  edits: Record<string, RowEdit>,
  plan?: CampaignPlanResponse,
): CampaignRequest {
  const planned = new Map(plan?.rows.map((row) => [rowKey(row.subreddit), row]));
  return {
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    title: draft.title,
    ...(draft.body.trim() ? { body: draft.body } : {}),
    ...(draft.firstComment.trim()
      ? { firstComment: draft.firstComment, firstCommentDelayMinutes: draft.firstCommentDelayMinutes }
      : {}),
    imageIds: draft.imageIds.filter(Boolean),
    ...(draft.accountId ? { redditAccountId: draft.accountId } : {}),
    timing: draft.timing,
    ...(draft.startAt ? { startAt: new Date(draft.startAt).toISOString() } : {}),
    spacing: { minGapMinutes: draft.minGapMinutes, maxPerHour: draft.maxPerHour },
    targets: draft.subreddits.map((subreddit) => {
      const edit = edits[rowKey(subreddit)] ?? {};
      const row = planned.get(rowKey(subreddit));
      const flair = row?.flairs.find((choice) => choice.id === edit.flairId);
      return {
        subreddit,
        ...(edit.title !== undefined && edit.title.trim() ? { title: edit.title } : {}),
        ...(edit.nsfw !== undefined ? { nsfw: edit.nsfw } : {}),
        ...(edit.spoiler !== undefined ? { spoiler: edit.spoiler } : {}),
        ...(edit.withoutFirstComment && draft.firstComment.trim() ? { firstComment: '' } : {}),
        ...(flair ? { flairId: flair.id, flairText: flair.text } : {}),
        // Confirming keeps the times the creator saw.
        ...(row ? { scheduledAt: row.scheduledAt } : {}),
      };
    }),
  };
}

interface CampaignPlannerProps {
  accounts: RedditAccount[] | undefined;
  subredditLimit: number;
  pastCampaigns: Campaign[] | undefined;
}

/**
 * The new-campaign form: photos, caption, subreddits, timing and spacing; "Plan" shows one row per
 * subreddit (nothing saved), and "Schedule" saves them all or, if any row must be fixed, nothing.
 */
export function CampaignPlanner({ accounts, subredditLimit, pastCampaigns }: CampaignPlannerProps) {
  const id = useId();
  const [draft, setDraft] = useState<CampaignDraft>(emptyCampaignDraft);
  const [edits, setEdits] = useState<Record<string, RowEdit>>({});
  const [plan, setPlan] = useState<{ response: CampaignPlanResponse; request: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const communities = useCampaignCommunities({ enabled: true });
  const planning = usePlanCampaign();
  const creating = useCreateCampaign();
  const busy = planning.isPending || creating.isPending;
  const requestKey = useMemo(() => JSON.stringify(campaignRequest(draft, edits)), [draft, edits]);
  const stale = plan !== null && plan.request !== requestKey;
  const hasAccount = (accounts?.length ?? 0) > 0;

  const update = (patch: Partial<CampaignDraft>) => {
    setFormError(null);
    setDraft((current) => ({ ...current, ...patch }));
  };

  function validate(): boolean {
    if (!draft.title.trim()) setFormError(texts.needsCaption);
    else if (draft.subreddits.length === 0) setFormError(texts.needsSubreddits);
    else return true;
    return false;
  }

  function runPlan() {
    if (!validate()) return;
    const request = campaignRequest(draft, edits);
    planning.mutate(request, {
      onSuccess: (response) => setPlan({ response, request: JSON.stringify(request) }),
      onError: (error) => toast.error(texts.planFailed, { description: redditErrorText(error) }),
    });
  }

  function confirm() {
    if (!plan || !validate()) return;
    creating.mutate(campaignRequest(draft, edits, plan.response), {
      onSuccess: () => {
        setDraft((current) => ({ ...emptyCampaignDraft, accountId: current.accountId }));
        setEdits({});
        setPlan(null);
      },
      onError: (error) => {
        toast.error(texts.confirmFailed, { description: redditErrorText(error) });
        // The rows may have changed (a rule, a slot): show the current ones.
        runPlan();
      },
    });
  }

  const photoSlots = draft.imageIds;
  return (
    <Card className="space-y-5 p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ListChecks aria-hidden="true" className="size-5 text-rose-600" />
        {texts.newCampaign}
      </h2>

      <div className="space-y-1.5">
        <p className={labelClasses}>
          {texts.photosLabel} <span className="font-normal text-zinc-500">(optional)</span>
        </p>
        <p className={hintClasses}>{texts.photosHint}</p>
        <ul className="space-y-2">
          {photoSlots.map((imageId, index) => (
            <li key={index} className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <GalleryPhotoPicker
                  photoId={imageId}
                  disabled={busy}
                  addLabel={texts.addPhoto}
                  dialogDescription={texts.photosHint}
                  errorText={redditErrorText}
                  onChange={(next) =>
                    update({ imageIds: photoSlots.map((current, at) => (at === index ? next : current)) })
                  }
                />
              </div>
              {photoSlots.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={texts.removePhoto}
                  disabled={busy}
                  onClick={() => update({ imageIds: photoSlots.filter((_, at) => at !== index) })}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
        {photoSlots.every(Boolean) && photoSlots.length < 10 && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => update({ imageIds: [...photoSlots, ''] })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {texts.addAnotherPhoto}
          </Button>
        )}
      </div>

      <div className="space-y-1.5">
        <label htmlFor={`${id}-caption`} className={labelClasses}>
          {texts.captionLabel}
        </label>
        <textarea
          id={`${id}-caption`}
          className={`${fieldClasses} min-h-20 px-3 py-2`}
          value={draft.title}
          maxLength={300}
          disabled={busy}
          aria-describedby={`${id}-caption-hint`}
          onChange={(event) => update({ title: event.target.value })}
        />
        <p id={`${id}-caption-hint`} className={hintClasses}>
          {texts.captionHint}
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-comment`} className={labelClasses}>
            {texts.firstCommentLabel} <span className="font-normal text-zinc-500">(optional)</span>
          </label>
          <textarea
            id={`${id}-comment`}
            className={`${fieldClasses} min-h-16 px-3 py-2`}
            value={draft.firstComment}
            maxLength={10_000}
            disabled={busy}
            aria-describedby={`${id}-comment-hint`}
            onChange={(event) => update({ firstComment: event.target.value })}
          />
          <p id={`${id}-comment-hint`} className={hintClasses}>
            {texts.firstCommentHint}
          </p>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-comment-delay`} className={labelClasses}>
            {texts.firstCommentDelayLabel}
          </label>
          <select
            id={`${id}-comment-delay`}
            className={`${fieldClasses} h-10 px-2`}
            value={draft.firstCommentDelayMinutes}
            disabled={busy || !draft.firstComment.trim()}
            onChange={(event) => update({ firstCommentDelayMinutes: Number(event.target.value) })}
          >
            {firstCommentDelayChoices.map((minutes) => (
              <option key={minutes} value={minutes}>
                {texts.firstCommentDelay(minutes)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-name`} className={labelClasses}>
            {texts.nameLabel} <span className="font-normal text-zinc-500">(optional)</span>
          </label>
          <input
            id={`${id}-name`}
            className={`${fieldClasses} h-10 px-3`}
            value={draft.name}
            maxLength={80}
            disabled={busy}
            aria-describedby={`${id}-name-hint`}
            onChange={(event) => update({ name: event.target.value })}
          />
          <p id={`${id}-name-hint`} className={hintClasses}>
            {texts.nameHint}
          </p>
        </div>
        {accounts && accounts.length > 1 && (
          <PostAccountField
            id={`${id}-account`}
            accounts={accounts}
            accountId={draft.accountId}
            disabled={busy}
            onChange={(accountId) => update({ accountId })}
          />
        )}
      </div>

      <SubredditPicker
        value={draft.subreddits}
        onChange={(subreddits) => update({ subreddits })}
        limit={subredditLimit}
        communities={communities.data}
        pastCampaigns={pastCampaigns}
        disabled={busy}
      />

      <fieldset className="min-w-0 space-y-2" disabled={busy}>
        <legend className={labelClasses}>{texts.timingLabel}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(['spread', 'best'] as const).map((timing) => (
            <label key={timing} className="inline-flex min-h-8 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-timing`}
                className="size-4 accent-rose-600"
                checked={draft.timing === timing}
                onChange={() => update({ timing })}
              />
              {timing === 'spread' ? texts.timingSpread : texts.timingBest}
            </label>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-start`} className={labelClasses}>
              {texts.startLabel}
            </label>
            <input
              id={`${id}-start`}
              type="datetime-local"
              className={`${fieldClasses} h-10 px-3`}
              value={draft.startAt}
              aria-describedby={`${id}-start-hint`}
              onChange={(event) => update({ startAt: event.target.value })}
            />
            <p id={`${id}-start-hint`} className={hintClasses}>
              {texts.startHint}
            </p>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-gap`} className={labelClasses}>
              {texts.gapLabel}
            </label>
            <select
              id={`${id}-gap`}
              className={`${fieldClasses} h-10 px-2`}
              value={draft.minGapMinutes}
              onChange={(event) => update({ minGapMinutes: Number(event.target.value) })}
            >
              {gapChoices.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {texts.minutes(minutes)}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-per-hour`} className={labelClasses}>
              {texts.perHourLabel}
            </label>
            <select
              id={`${id}-per-hour`}
              className={`${fieldClasses} h-10 px-2`}
              value={draft.maxPerHour}
              onChange={(event) => update({ maxPerHour: Number(event.target.value) })}
            >
              {perHourChoices.map((count) => (
                <option key={count} value={count}>
                  {texts.perHour(count)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className={hintClasses}>{texts.spacingHint}</p>
      </fieldset>

      {formError && (
        <p role="alert" className={errorClasses}>
          {formError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={runPlan} disabled={busy} aria-busy={planning.isPending || undefined}>
          {planning.isPending ? texts.planning : plan ? texts.planAgain : texts.plan}
        </Button>
      </div>

      {plan && (
        <section
          aria-labelledby={`${id}-plan`}
          className="space-y-3 border-t border-zinc-200 pt-5 dark:border-zinc-800"
        >
          <h3 id={`${id}-plan`} className="text-base font-semibold">
            {texts.planTitle}
          </h3>
          <p className={hintClasses}>
            {plan.response.message} {texts.planText}
          </p>
          {stale && <PostProblems tone="warn" title={texts.planStale} problems={[]} />}
          <CampaignPlanRows
            rows={plan.response.rows.filter((row) =>
              draft.subreddits.some((name) => rowKey(name) === rowKey(row.subreddit)),
            )}
            edits={edits}
            disabled={busy}
            onEdit={(subreddit, patch) =>
              setEdits((current) => ({
                ...current,
                [rowKey(subreddit)]: { ...current[rowKey(subreddit)], ...patch },
              }))
            }
            onRemove={(subreddit) =>
              update({ subreddits: draft.subreddits.filter((name) => rowKey(name) !== rowKey(subreddit)) })
            }
          />
          {!hasAccount && <p className={hintClasses}>{texts.needsAccount}</p>}
          <Button
            type="button"
            onClick={confirm}
            disabled={busy || !hasAccount || draft.subreddits.length === 0}
            aria-busy={creating.isPending || undefined}
          >
            <CalendarCheck aria-hidden="true" className="size-4" />
            {creating.isPending ? texts.confirming : texts.confirm(draft.subreddits.length)}
          </Button>
        </section>
      )}
    </Card>
  );
}
