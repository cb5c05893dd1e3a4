import { useId, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { maxTitleLength } from '@app/shared/posts';
import { repostEveryDaysChoices, repostLimits } from '@app/shared/reposts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useCreateRepost } from '../api/reposts';
import { errorClasses, fieldClasses, hintClasses, labelClasses } from '../components/field-styles';
import { redditErrorText } from '../lib/reddit-error-text';
import { repostPageTexts as texts } from '../lib/repost-texts';

export interface RepostSource {
  /** Exactly one of the two: the post or the campaign the series repeats. */
  sourcePostId?: string;
  campaignId?: string;
  /** Where it went; all are ticked at first. */
  subreddits: readonly string[];
  /** The original title, first in the list. */
  title: string;
}

/**
 * "Repost every N days": how often, to which of the subreddits, and the titles used in turn. Saved
 * as a series (POST /api/reposts); the server makes each round and stops it when something goes wrong.
 */
export function RepostDialog({ source, onClose }: { source: RepostSource; onClose: () => void }) {
  const id = useId();
  const create = useCreateRepost();
  const [everyDays, setEveryDays] = useState<number>(repostLimits.everyDays.default);
  const [picked, setPicked] = useState<string[]>([...source.subreddits]);
  const [titles, setTitles] = useState<string[]>([source.title]);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) return setProblem(texts.pickSubreddit);
    const cleaned = titles.map((title) => title.trim());
    if (cleaned.length === 0 || cleaned.some((title) => title === '')) return setProblem(texts.needTitle);
    setProblem(null);
    create.mutate(
      {
        ...(source.sourcePostId ? { sourcePostId: source.sourcePostId } : { campaignId: source.campaignId }),
        everyDays,
        subreddits: picked,
        titles: cleaned,
      },
      { onSuccess: onClose },
    );
  };
  const toggle = (name: string, on: boolean) =>
    setPicked((was) => (on ? [...was, name] : was.filter((other) => other !== name)));
  const error = problem ?? (create.error ? redditErrorText(create.error) : null);

  return (
    <ModalDialog title={texts.dialogTitle} description={texts.dialogText} onClose={onClose}>
      <form
        noValidate
        onSubmit={submit}
        className="mt-4 space-y-5"
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <div className="space-y-1.5">
          <label htmlFor={`${id}-every`} className={labelClasses}>
            {texts.everyLabel}
          </label>
          <select
            id={`${id}-every`}
            value={everyDays}
            onChange={(event) => setEveryDays(Number(event.target.value))}
            aria-describedby={`${id}-every-hint`}
            className={cn(fieldClasses, 'h-10 px-3 sm:max-w-xs')}
          >
            {repostEveryDaysChoices.map((days) => (
              <option key={days} value={days}>
                {texts.days(days)}
              </option>
            ))}
          </select>
          <p id={`${id}-every-hint`} className={hintClasses}>
            {texts.everyHint}
          </p>
        </div>

        <fieldset className="space-y-1.5">
          <legend className={labelClasses}>{texts.subredditsLabel}</legend>
          <ul className="space-y-1">
            {source.subreddits.map((name) => (
              <li key={name}>
                <label className="flex min-h-8 items-center gap-2 text-sm break-all">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-rose-600"
                    checked={picked.includes(name)}
                    onChange={(event) => toggle(name, event.target.checked)}
                  />
                  r/{name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className={labelClasses}>{texts.titlesLabel}</legend>
          <p className={hintClasses}>{texts.titlesHint}</p>
          <ol className="space-y-2">
            {titles.map((title, index) => (
              <li key={index} className="flex items-center gap-2">
                <label htmlFor={`${id}-title-${index}`} className="sr-only">
                  {texts.titleLabel(index + 1)}
                </label>
                <input
                  id={`${id}-title-${index}`}
                  value={title}
                  maxLength={maxTitleLength}
                  onChange={(event) =>
                    setTitles((was) => was.map((other, at) => (at === index ? event.target.value : other)))
                  }
                  className={cn(fieldClasses, 'h-10 min-w-0 flex-1 px-3')}
                />
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={texts.removeTitle(index + 1)}
                  disabled={titles.length === 1}
                  onClick={() => setTitles((was) => was.filter((_, at) => at !== index))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ol>
          {titles.length < repostLimits.maxTitles && (
            <Button size="sm" variant="outline" onClick={() => setTitles((was) => [...was, ''])}>
              <Plus aria-hidden="true" className="size-4" />
              {texts.addTitle}
            </Button>
          )}
        </fieldset>

        {error && (
          <p id={`${id}-error`} role="alert" className={errorClasses}>
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? texts.saving : texts.save}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
