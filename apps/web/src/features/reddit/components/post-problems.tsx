import { CircleAlert, TriangleAlert, Wand2 } from 'lucide-react';
import { titleFormatTexts, type PostProblem } from '@app/shared/posts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format/date-time';
import { redditPageTexts } from '../lib/reddit-texts';

interface PostProblemsProps {
  tone: 'block' | 'warn' | 'ok';
  title: string;
  text?: string;
  problems: PostProblem[];
  /** One-click fix for problems that come with a corrected title. */
  onUseTitle?: (title: string) => void;
  busy?: boolean;
  onDismiss?: () => void;
}

/** The badge before each problem; a rule we could not check says so rather than calling the post risky. */
function badgeOf(problem: PostProblem): string {
  if (problem.severity === 'block') return 'Must fix';
  return problem.code === 'title_format_unchecked' ? titleFormatTexts.uncheckedBadge : 'Risky';
}

const tones = {
  block: 'border-red-200 bg-red-50 text-red-950 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-50',
  warn: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-50',
  ok: 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-50',
};

/** What would get the post removed, each with what to do, and a button where the fix is a new title. */
export function PostProblems({
  tone,
  title,
  text,
  problems,
  onUseTitle,
  busy,
  onDismiss,
}: PostProblemsProps) {
  const Icon = tone === 'block' ? CircleAlert : TriangleAlert;
  return (
    <section
      role={tone === 'ok' ? 'status' : 'alert'}
      aria-label={title}
      className={cn('space-y-2 rounded-xl border p-4 text-sm', tones[tone])}
    >
      <div className="flex items-start gap-2">
        {tone !== 'ok' && <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{title}</h3>
          {text && <p className="mt-0.5 opacity-90">{text}</p>}
        </div>
        {onDismiss && (
          <Button size="sm" variant="ghost" className="-my-1 h-7 px-2" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
      {problems.length > 0 && (
        <ul className="space-y-2">
          {problems.map((problem, index) => (
            <li key={`${problem.code}-${index}`} className="rounded-lg bg-white/70 p-3 dark:bg-zinc-950/40">
              <p className="font-medium">
                <span
                  className={cn(
                    'mr-1.5 inline-block rounded px-1.5 py-px align-[1px] text-[11px] font-semibold tracking-wide uppercase',
                    problem.severity === 'block'
                      ? 'bg-red-600 text-white dark:bg-red-500 dark:text-zinc-950'
                      : 'bg-amber-500 text-zinc-950',
                  )}
                >
                  {badgeOf(problem)}
                </span>
                {problem.message}
              </p>
              {problem.at && (
                <p className="mt-0.5 opacity-90">
                  {redditPageTexts.otherPostAt}{' '}
                  <time dateTime={problem.at}>{formatDateTime(problem.at)}</time>
                </p>
              )}
              {problem.fix && <p className="mt-0.5 opacity-90">{problem.fix}</p>}
              {problem.suggestedTitle && onUseTitle && (
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-2 h-auto max-w-full py-1.5 whitespace-normal"
                  disabled={busy}
                  onClick={() => onUseTitle(problem.suggestedTitle!)}
                >
                  <Wand2 aria-hidden="true" className="size-4 shrink-0" />
                  <span className="text-left">
                    {redditPageTexts.useTitle}: “{problem.suggestedTitle}”
                  </span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
