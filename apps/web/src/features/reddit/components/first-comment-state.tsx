import { ExternalLink, MessageSquareText } from 'lucide-react';
import { firstCommentTexts, type FirstComment } from '@app/shared/posts-first-comment';
import { cn } from '../../../components/ui/cn';

/** What became of a post's first comment: posted (with its link), waiting, or failed with the reason. */
export function FirstCommentState({ comment }: { comment: FirstComment }) {
  const failed = comment.status === 'failed';
  return (
    <div
      className={cn(
        'flex gap-1.5 rounded-lg p-2.5 text-sm',
        failed
          ? 'bg-red-50 text-red-900 dark:bg-red-500/10 dark:text-red-100'
          : 'bg-zinc-50 text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300',
      )}
    >
      <MessageSquareText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words">
          {comment.status === 'sent'
            ? firstCommentTexts.stateSent
            : failed
              ? firstCommentTexts.stateFailed(comment.error ?? '')
              : firstCommentTexts.stateWaiting}
          {comment.status === 'sent' && comment.url && (
            <>
              {' '}
              <a
                href={comment.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 underline underline-offset-2"
              >
                {firstCommentTexts.viewComment}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          )}
        </p>
        <p className="line-clamp-2 break-words whitespace-pre-line opacity-80">{comment.text}</p>
        {comment.status === 'pending' && comment.error && (
          <p className="text-amber-800 dark:text-amber-200">({comment.error})</p>
        )}
      </div>
    </div>
  );
}
