import { useId } from 'react';
import { Trash2 } from 'lucide-react';
import type { CampaignRow } from '@app/shared/campaigns';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format/date-time';
import { PostProblems } from '../components/post-problems';
import { fieldClasses, hintClasses } from '../components/field-styles';
import { campaignPageTexts as texts } from '../lib/campaign-texts';

/** What the creator changed on one row; sent back as that subreddit's target. */
export interface RowEdit {
  title?: string;
  nsfw?: boolean;
  spoiler?: boolean;
  flairId?: string;
  /** Leave the campaign's first comment out of this post. */
  withoutFirstComment?: boolean;
}

interface PlanRowsProps {
  rows: CampaignRow[];
  edits: Record<string, RowEdit>;
  onEdit: (subreddit: string, patch: RowEdit) => void;
  onRemove: (subreddit: string) => void;
  disabled?: boolean;
}

export const rowKey = (subreddit: string) => subreddit.toLowerCase();

function verdictOf(row: CampaignRow) {
  if (!row.ok)
    return { label: texts.rowBlocked, tone: 'bg-red-600 text-white dark:bg-red-500 dark:text-zinc-950' };
  if (row.problems.length > 0) return { label: texts.rowWarn, tone: 'bg-amber-500 text-zinc-950' };
  return { label: texts.rowOk, tone: 'bg-emerald-600 text-white dark:bg-emerald-500 dark:text-zinc-950' };
}

function PlanRow({
  row,
  edit,
  onEdit,
  onRemove,
  disabled,
}: { row: CampaignRow; edit: RowEdit } & Omit<PlanRowsProps, 'rows' | 'edits'>) {
  const id = useId();
  const verdict = verdictOf(row);
  const title = edit.title ?? row.title;
  const blocking = row.problems.filter((problem) => problem.severity === 'block');
  const warnings = row.problems.filter((problem) => problem.severity === 'warn');
  const change = (patch: RowEdit) => onEdit(row.subreddit, patch);
  return (
    <li
      className={cn(
        'space-y-3 rounded-xl border p-4',
        row.ok ? 'border-zinc-200 dark:border-zinc-800' : 'border-red-300 dark:border-red-500/40',
      )}
      aria-labelledby={`${id}-name`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h4 id={`${id}-name`} className="font-semibold break-all">
          r/{row.subreddit}
        </h4>
        <span
          className={cn(
            'rounded px-1.5 py-px text-[11px] font-semibold tracking-wide uppercase',
            verdict.tone,
          )}
        >
          {verdict.label}
        </span>
        <time dateTime={row.scheduledAt} className="text-sm text-zinc-600 dark:text-zinc-400">
          {formatDateTime(row.scheduledAt)}
        </time>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-label={texts.removeRow(row.subreddit)}
          disabled={disabled}
          onClick={() => onRemove(row.subreddit)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-title`} className="sr-only">
          {texts.rowTitleLabel(row.subreddit)}
        </label>
        <input
          id={`${id}-title`}
          className={`${fieldClasses} h-10 px-3`}
          value={title}
          maxLength={300}
          disabled={disabled}
          aria-invalid={blocking.some((problem) => problem.code.startsWith('title')) || undefined}
          onChange={(event) => change({ title: event.target.value })}
        />
        {row.adjustments.length > 0 && edit.title === undefined && (
          <ul className={cn(hintClasses, 'space-y-0.5')}>
            {row.adjustments.map((adjustment) => (
              <li key={adjustment}>{adjustment}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        <label className="inline-flex min-h-8 items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-rose-600"
            checked={edit.nsfw ?? row.nsfw}
            disabled={disabled}
            onChange={(event) => change({ nsfw: event.target.checked })}
          />
          {texts.nsfw}
        </label>
        <label className="inline-flex min-h-8 items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-rose-600"
            checked={edit.spoiler ?? row.spoiler}
            disabled={disabled}
            onChange={(event) => change({ spoiler: event.target.checked })}
          />
          {texts.spoiler}
        </label>
        {(row.firstComment !== null || edit.withoutFirstComment) && (
          <label className="inline-flex min-h-8 items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-rose-600"
              checked={!edit.withoutFirstComment}
              disabled={disabled}
              onChange={(event) => change({ withoutFirstComment: !event.target.checked })}
            />
            {texts.firstCommentHere}
          </label>
        )}
        {row.flairs.length > 0 && (
          <label className="inline-flex items-center gap-2">
            {texts.flairLabel}
            <select
              className={`${fieldClasses} h-9 w-auto px-2`}
              value={edit.flairId ?? row.flairId ?? ''}
              disabled={disabled}
              onChange={(event) => change({ flairId: event.target.value || undefined })}
            >
              <option value="">{texts.flairNone}</option>
              {row.flairs.map((flair) => (
                <option key={flair.id} value={flair.id}>
                  {flair.text}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {blocking.length > 0 && (
        <PostProblems
          tone="block"
          title={texts.rowBlocked}
          problems={blocking}
          busy={disabled}
          onUseTitle={(suggested) => change({ title: suggested })}
        />
      )}
      {warnings.length > 0 && (
        <PostProblems
          tone="warn"
          title={texts.rowWarn}
          problems={warnings}
          busy={disabled}
          onUseTitle={(suggested) => change({ title: suggested })}
        />
      )}
    </li>
  );
}

/** One card per subreddit: its time, title, flags and what is left to fix, with one-click fixes. */
export function CampaignPlanRows({ rows, edits, onEdit, onRemove, disabled }: PlanRowsProps) {
  return (
    <ol className="space-y-3">
      {rows.map((row) => (
        <PlanRow
          key={row.subreddit}
          row={row}
          edit={edits[rowKey(row.subreddit)] ?? {}}
          onEdit={onEdit}
          onRemove={onRemove}
          disabled={disabled}
        />
      ))}
    </ol>
  );
}
