import { Camera } from 'lucide-react';
import { captionText, platformLength, platformLimits, type GeneratedContent } from '@app/shared/ai';
import { CopyButton } from '../../../components/copy-button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';

function confidenceTone(confidence: number): string {
  if (confidence >= 0.75) return 'bg-emerald-500';
  if (confidence >= 0.5) return 'bg-amber-500';
  return 'bg-red-500';
}

/** What counts against a limit people hit: Reddit's title, or caption plus hashtags elsewhere. */
function lengthNote(result: GeneratedContent, title: string, text: string): { used: number; max: number } {
  if (result.platform === 'reddit') {
    return { used: platformLength('reddit', title), max: platformLimits.reddit.titleMax };
  }
  return { used: platformLength(result.platform, text), max: platformLimits[result.platform].captionMax };
}

function LengthNote({ used, max }: { used: number; max: number }) {
  return (
    <span
      className={cn(
        'text-xs tabular-nums',
        used > max ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400',
      )}
    >
      {used.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters
    </span>
  );
}

/** Everything one result offers for copying in one go: the main title, then the text as posted. */
export function fullPostText(result: GeneratedContent): string {
  const text = captionText(result);
  const [title] = result.titles;
  return [title, text].filter(Boolean).join('\n\n');
}

/** One variant: titles, text, hashtags, photo idea and confidence, each with its copy button. */
export function ResultCard({ result, showVariant }: { result: GeneratedContent; showVariant: boolean }) {
  const [title, ...alternatives] = result.titles;
  const text = captionText(result);
  const length = lengthNote(result, title ?? '', text);
  const percent = Math.round(result.confidence * 100);
  const variantName = `variant ${result.variant}`;
  const textLabel = result.platform === 'reddit' ? 'post' : 'caption';

  return (
    <Card
      role="article"
      aria-label={`${showVariant ? `Variant ${result.variant}` : 'Result'}: ${title ?? textLabel}`}
      className="flex flex-col gap-4 p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        {showVariant ? (
          <span className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
            Variant {result.variant}
          </span>
        ) : (
          <span />
        )}
        <span className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <span
            aria-hidden="true"
            className="relative h-1.5 w-16 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
          >
            <span
              className={cn('absolute inset-y-0 left-0 rounded-full', confidenceTone(result.confidence))}
              style={{ width: `${percent}%` }}
            />
          </span>
          <span className="tabular-nums">{percent}% confidence</span>
        </span>
      </div>

      {title && (
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
              {result.platform === 'reddit' ? 'Title' : 'Hook'}
            </p>
            <h4 className="text-base font-semibold break-words text-zinc-900 dark:text-white">{title}</h4>
            {result.platform === 'reddit' && <LengthNote {...length} />}
          </div>
          <CopyButton
            text={title}
            label="Copy title"
            accessibleLabel={`Copy title of ${variantName}`}
            iconOnly
            variant="ghost"
          />
        </div>
      )}

      {alternatives.length > 0 && (
        <div>
          <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Alternative titles</p>
          <ul className="mt-1 space-y-1">
            {alternatives.map((alternative, index) => (
              <li key={index} className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
                <span className="min-w-0 flex-1 pt-2 break-words">{alternative}</span>
                <CopyButton
                  text={alternative}
                  label="Copy"
                  accessibleLabel={`Copy alternative title ${index + 1} of ${variantName}`}
                  iconOnly
                  variant="ghost"
                />
              </li>
            ))}
          </ul>
        </div>
      )}

      {text && (
        <div className="rounded-xl bg-zinc-50 p-4 dark:bg-zinc-800/50">
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">
            {text}
          </p>
          {result.platform !== 'reddit' && (
            <p className="mt-2 text-right">
              <LengthNote {...length} />
            </p>
          )}
        </div>
      )}

      {result.photoInstructions && (
        <p className="flex gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <Camera aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500" />
          <span>
            <span className="font-medium">Photo idea: </span>
            {result.photoInstructions}
          </span>
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-2 border-t border-zinc-100 pt-4 dark:border-zinc-800">
        <CopyButton
          text={text}
          label={`Copy ${textLabel}`}
          accessibleLabel={`Copy ${textLabel} of ${variantName}`}
          disabled={!text}
          variant="primary"
        />
        {result.hashtags.length > 0 && (
          <CopyButton
            text={result.hashtags.map((tag) => `#${tag}`).join(' ')}
            label="Copy hashtags"
            accessibleLabel={`Copy hashtags of ${variantName}`}
          />
        )}
        {title && (
          <CopyButton
            text={() => fullPostText(result)}
            label="Copy all"
            accessibleLabel={`Copy title and ${textLabel} of ${variantName}`}
          />
        )}
      </div>
    </Card>
  );
}
