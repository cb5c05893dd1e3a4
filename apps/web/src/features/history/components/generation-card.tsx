import { useId, useState } from 'react';
import { Bookmark, BookmarkCheck, Camera, LoaderCircle, Trash2 } from 'lucide-react';
import { captionText } from '@app/shared/ai';
import type { ContentGeneration } from '@app/shared/history';
import { writerLabel } from '@app/shared/writer-label';
import { CopyButton } from '../../../components/copy-button';
import { PlatformBadge } from '../../../components/platform-badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { trackEvent } from '../../../lib/analytics/analytics';
import { historyTexts } from '../lib/history-texts';
import { formatDateTime } from '../../../lib/format/date-time';

export type SaveState = 'idle' | 'saving' | 'saved';

interface GenerationCardProps {
  item: ContentGeneration;
  saveState: SaveState;
  isDeleting: boolean;
  onSave: (item: ContentGeneration) => void;
  onDelete: (item: ContentGeneration, opener: HTMLElement) => void;
}

/** Longer bodies start folded so the list stays scannable. */
const foldAfterCharacters = 360;

/** One history item: platform, who wrote it, date, titles, body, hashtags and photo idea, with copy, save and delete. */
export function GenerationCard({ item, saveState, isDeleting, onSave, onDelete }: GenerationCardProps) {
  const headingId = useId();
  const bodyId = useId();
  const [expanded, setExpanded] = useState(false);
  const [title = historyTexts.untitled, ...alternatives] = item.titles;
  const text = captionText({ platform: item.platform, body: item.content, hashtags: item.hashtags ?? [] });
  const foldable = text.length > foldAfterCharacters || text.split('\n').length > 8;

  return (
    <Card aria-labelledby={headingId} role="article" className="flex h-full flex-col gap-4 p-5">
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        <PlatformBadge platform={item.platform} />
        <span
          title={`${historyTexts.writtenBy} ${writerLabel(item)}`}
          className="rounded-full bg-zinc-100 px-2.5 py-0.5 font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          <span className="sr-only">{historyTexts.writtenBy}: </span>
          {writerLabel(item)}
        </span>
        {item.subreddit && (
          <span className="font-medium text-zinc-700 dark:text-zinc-300">r/{item.subreddit}</span>
        )}
        <time dateTime={item.createdAt} className="ml-auto tabular-nums">
          {formatDateTime(item.createdAt)}
        </time>
      </div>

      <div className="flex items-start gap-2">
        <h3
          id={headingId}
          className="min-w-0 flex-1 text-base font-semibold break-words text-zinc-900 dark:text-white"
        >
          {title}
        </h3>
        {item.titles.length > 0 && (
          <CopyButton text={title} label="Copy title" iconOnly variant="ghost" className="-mt-2 -mr-2" />
        )}
      </div>

      {alternatives.length > 0 && (
        <div>
          <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
            {historyTexts.alternativeTitles}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
            {alternatives.map((alternative, index) => (
              <li key={index} className="break-words">
                {alternative}
              </li>
            ))}
          </ul>
        </div>
      )}

      {text && (
        <div>
          <p
            id={bodyId}
            className={`text-sm leading-relaxed break-words whitespace-pre-wrap text-zinc-700 dark:text-zinc-300 ${
              foldable && !expanded ? 'line-clamp-6' : ''
            }`}
          >
            {text}
          </p>
          {foldable && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={bodyId}
              onClick={() => {
                const { id: contentId, platform, subreddit } = item;
                if (!expanded)
                  trackEvent('content_view', {
                    contentId,
                    platform,
                    viewType: 'history',
                    ...(subreddit ? { subreddit } : {}),
                  });
                setExpanded(!expanded);
              }}
              className="mt-1 cursor-pointer text-sm font-medium text-rose-700 hover:underline dark:text-rose-300"
            >
              {expanded ? 'Show less' : 'Show more'}
            </button>
          )}
        </div>
      )}

      {item.photoInstructions && (
        <p className="flex gap-2 rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
          <Camera aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500" />
          <span>
            <span className="font-medium">{historyTexts.photoIdea}: </span>
            {item.photoInstructions}
          </span>
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-2 border-t border-zinc-100 pt-4 dark:border-zinc-800">
        <CopyButton
          text={text}
          label={historyTexts.copy}
          accessibleLabel={`Copy ${item.platform === 'reddit' ? 'post' : 'caption'}: ${title}`}
          disabled={!text}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={saveState !== 'idle' || isDeleting}
          // Saved is an outcome, not an unavailable action: it keeps full colour.
          className={
            saveState === 'saved'
              ? 'border-emerald-300 text-emerald-800 disabled:opacity-100 dark:border-emerald-500/40 dark:text-emerald-300'
              : undefined
          }
          aria-busy={saveState === 'saving' || undefined}
          aria-label={
            saveState === 'saved' ? `${historyTexts.savedLabel}: ${title}` : `${historyTexts.save}: ${title}`
          }
          onClick={() => onSave(item)}
        >
          {saveState === 'saving' ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : saveState === 'saved' ? (
            <BookmarkCheck aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
          ) : (
            <Bookmark aria-hidden="true" className="size-4" />
          )}
          {saveState === 'saving'
            ? historyTexts.saving
            : saveState === 'saved'
              ? historyTexts.savedLabel
              : historyTexts.save}
        </Button>
        <Button
          variant="danger-outline"
          size="sm"
          className="ml-auto"
          disabled={isDeleting}
          aria-busy={isDeleting || undefined}
          aria-label={`${isDeleting ? historyTexts.deleting : historyTexts.delete}: ${title}`}
          onClick={(event) => onDelete(item, event.currentTarget)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {isDeleting ? historyTexts.deleting : historyTexts.delete}
        </Button>
      </div>
    </Card>
  );
}
