import { useId, type RefObject } from 'react';
import { maxBodyLength, maxTitleLength } from '@app/shared/posts';
import { cn } from '../../../components/ui/cn';
import { SubredditInput } from '../../../components/subreddit-input';
import type { CommunityName } from '../api/get-community-names';
import { redditPageTexts } from '../lib/reddit-texts';
import type { DraftErrors, ScheduleDraft } from '../lib/schedule-draft';
import { errorClasses, fieldClasses, hintClasses, labelClasses } from './field-styles';

interface PostTextFieldsProps {
  draft: ScheduleDraft;
  onChange: (draft: ScheduleDraft) => void;
  set: <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) => void;
  errors: DraftErrors;
  disabled: boolean;
  /** Suggestions for the subreddit field. */
  communityNames: CommunityName[] | undefined;
  /** The subreddit's flairs, once a check has read them. */
  flairs: { id: string; text: string }[];
  /** The subreddit that requires a flair, when one does. */
  flairRequiredIn: string | null;
  subredditRef: RefObject<HTMLInputElement | null>;
  titleRef: RefObject<HTMLInputElement | null>;
  bodyRef: RefObject<HTMLTextAreaElement | null>;
}

/** Subreddit (with suggestions), title, flair when the community has them, and the optional text. */
export function PostTextFields(props: PostTextFieldsProps) {
  const {
    draft,
    onChange,
    set,
    errors,
    disabled,
    communityNames,
    flairs,
    flairRequiredIn,
    subredditRef,
    titleRef,
    bodyRef,
  } = props;
  const id = useId();
  const described = (field: keyof DraftErrors, hint?: boolean) =>
    [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const fieldError = (field: keyof DraftErrors) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} role="alert" className={errorClasses}>
        {errors[field]}
      </p>
    );

  return (
    <>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-subreddit`} className={labelClasses}>
          Subreddit
        </label>
        <SubredditInput
          id={`${id}-subreddit`}
          ref={subredditRef}
          value={draft.subreddit}
          disabled={disabled}
          aria-required="true"
          aria-invalid={errors.subreddit ? true : undefined}
          aria-describedby={described('subreddit', true)}
          list={communityNames?.length ? `${id}-communities` : undefined}
          onChange={(event) => set('subreddit', event.target.value)}
          className={fieldClasses}
        >
          {communityNames && communityNames.length > 0 && (
            <datalist id={`${id}-communities`}>
              {communityNames.map((community) => (
                <option key={community.name} value={community.name} />
              ))}
            </datalist>
          )}
        </SubredditInput>
        <p id={`${id}-subreddit-hint`} className={hintClasses}>
          The community&apos;s name, without r/. We check its rules before posting.
        </p>
        {fieldError('subreddit')}
      </div>

      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-post-title`} className={labelClasses}>
            Title
          </label>
          <span aria-hidden="true" className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
            {draft.title.length}/{maxTitleLength}
          </span>
        </div>
        <input
          id={`${id}-post-title`}
          ref={titleRef}
          type="text"
          value={draft.title}
          disabled={disabled}
          maxLength={maxTitleLength}
          aria-required="true"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title')}
          onChange={(event) => set('title', event.target.value)}
          className={cn(fieldClasses, 'h-10 px-3')}
        />
        {fieldError('title')}
      </div>

      {flairs.length > 0 && (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-flair`} className={labelClasses}>
            {redditPageTexts.flairLabel}
            {!flairRequiredIn && <span className="font-normal text-zinc-500"> (optional)</span>}
          </label>
          <select
            id={`${id}-flair`}
            value={draft.flairId}
            disabled={disabled}
            aria-describedby={flairRequiredIn ? `${id}-flair-hint` : undefined}
            onChange={(event) => {
              const flair = flairs.find((item) => item.id === event.target.value);
              onChange({ ...draft, flairId: flair?.id ?? '', flairText: flair?.text ?? '' });
            }}
            className={cn(fieldClasses, 'h-10 px-3')}
          >
            <option value="">{redditPageTexts.flairPlaceholder}</option>
            {flairs.map((flair) => (
              <option key={flair.id} value={flair.id}>
                {flair.text}
              </option>
            ))}
          </select>
          {flairRequiredIn && (
            <p id={`${id}-flair-hint`} className={hintClasses}>
              {redditPageTexts.flairRequiredHint(flairRequiredIn)}
            </p>
          )}
        </div>
      )}

      <div className="space-y-1.5">
        <label htmlFor={`${id}-body`} className={labelClasses}>
          Text <span className="font-normal text-zinc-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-body`}
          ref={bodyRef}
          rows={4}
          value={draft.body}
          disabled={disabled}
          maxLength={maxBodyLength}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={described('body')}
          onChange={(event) => set('body', event.target.value)}
          className={cn(fieldClasses, 'min-h-24 resize-y px-3 py-2')}
        />
        {fieldError('body')}
      </div>
    </>
  );
}
