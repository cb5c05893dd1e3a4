import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { leakTraceTexts, type TraceResult, type TracedCopy } from '@app/shared/leak-trace';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format/date-time';
import { newLeakCasePath, type NewLeakCaseState } from '../lib/takedown-link';

const kindLabels: Record<TracedCopy['kind'], string> = {
  protected: 'ImageShield copy',
  post: 'Copy made for a post',
  download: 'Downloaded copy',
};

/** Never "100%": a mark that passes the reader's checks is wrong less than once in a million reads, not never. */
function sureWords(confidence: number): string {
  return confidence >= 0.999 ? 'over 99.9% sure' : `${Math.floor(confidence * 100)}% sure`;
}

function howSure(result: TraceResult): string | null {
  const percent = sureWords(result.confidence);
  if (result.method === 'mark') return `Read from the copy's invisible mark (${percent}).`;
  if (result.method === 'hash') return `Matched by image fingerprints, not by a mark (${percent}).`;
  return null;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-sm text-zinc-600 sm:w-36 dark:text-zinc-400">{term}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-zinc-900 dark:text-white">{children}</dd>
    </div>
  );
}

function Thumbnail({ url, name }: { url: string | null | undefined; name: string | null }) {
  if (!url) return null;
  return (
    <img
      src={url}
      alt={name ? `Your photo ${name}` : 'Your photo'}
      className="size-24 shrink-0 rounded-lg bg-zinc-100 object-cover dark:bg-zinc-800"
    />
  );
}

function CopyDetails({ copy }: { copy: TracedCopy }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Thumbnail url={copy.thumbnailUrl} name={copy.fileName} />
      <dl className="flex min-w-0 flex-1 flex-col gap-2">
        <Detail term="Photo">{copy.fileName ?? 'Deleted from your gallery'}</Detail>
        <Detail term="Copy">{kindLabels[copy.kind]}</Detail>
        {copy.subreddit && <Detail term="Subreddit">r/{copy.subreddit}</Detail>}
        {copy.redditAccount && <Detail term="Reddit account">u/{copy.redditAccount}</Detail>}
        <Detail term="Made on">{formatDate(copy.madeAt)}</Detail>
        {copy.sentAt && <Detail term="Posted on">{formatDate(copy.sentAt)}</Detail>}
        {copy.markHex && <Detail term="Mark">{copy.markHex}</Detail>}
        {copy.postUrl && (
          <Detail term="Post">
            <a
              href={copy.postUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 text-rose-700 underline underline-offset-2 dark:text-rose-300"
            >
              {leakTraceTexts.openPost}
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          </Detail>
        )}
      </dl>
    </div>
  );
}

interface TraceResultViewProps {
  result: TraceResult;
  /** Focused when the answer appears, so it is read out and scrolled to. */
  headingRef?: Ref<HTMLHeadingElement>;
  onTraceAnother?: () => void;
}

/**
 * The answer in plain words, the copy's details, and the way on to a takedown notice (which takes
 * the whole answer along as its evidence). Also used by the leak cases pages of this feature.
 */
export function TraceResultView({ result, headingRef, onTraceAnother }: TraceResultViewProps) {
  const sure = howSure(result);
  const found = result.copy !== null || Boolean(result.matchedOriginal);
  const caseState: NewLeakCaseState = { trace: result };
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold tracking-tight focus:outline-none"
        >
          {leakTraceTexts.resultHeading}
        </h2>
        <p className="text-base text-zinc-900 dark:text-white">{result.summary}</p>
        {sure && <p className="text-sm text-zinc-600 dark:text-zinc-400">{sure}</p>}
        {result.copy && <CopyDetails copy={result.copy} />}
        {!result.copy && result.matchedOriginal && (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <Thumbnail url={result.matchedOriginal.thumbnailUrl} name={result.matchedOriginal.fileName} />
            <dl className="flex flex-col gap-2">
              <Detail term="Photo">{result.matchedOriginal.fileName ?? 'Deleted from your gallery'}</Detail>
              <Detail term="Copy">Your original, not a copy we made</Detail>
            </dl>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {found && (
            <Link to={newLeakCasePath} state={caseState} className={buttonClasses('primary')}>
              {leakTraceTexts.startTakedown}
            </Link>
          )}
          {onTraceAnother && (
            <button type="button" className={buttonClasses('outline')} onClick={onTraceAnother}>
              {leakTraceTexts.traceAnother}
            </button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
