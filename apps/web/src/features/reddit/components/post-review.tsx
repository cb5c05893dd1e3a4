import type { PostCheckResponse, PostProblem } from '@app/shared/posts';
import { redditPageTexts } from '../lib/reddit-texts';
import { PostProblems } from './post-problems';

/** What the form found out about the post's rules: refused, checked on request, or scheduled with warnings. */
export type Review =
  | { kind: 'blocked'; subreddit: string; check: PostCheckResponse | null; message: string }
  | { kind: 'checked'; subreddit: string; check: PostCheckResponse }
  | { kind: 'warned'; postId: string; problems: PostProblem[] };

interface PostReviewProps {
  review: Review | null;
  checking: boolean;
  updating: boolean;
  /** Puts a corrected title into the form. */
  onApplyTitle: (title: string) => void;
  /** Puts a corrected title on a post already scheduled (PATCH). */
  onFixScheduledTitle: (postId: string, title: string) => void;
  onDismiss: () => void;
}

/** The rules panel under the form, in the tone of what was found. */
export function PostReview({
  review,
  checking,
  updating,
  onApplyTitle,
  onFixScheduledTitle,
  onDismiss,
}: PostReviewProps) {
  if (!review) return null;
  if (review.kind === 'warned') {
    return (
      <PostProblems
        tone="warn"
        title={redditPageTexts.rulesWarnTitle}
        text={redditPageTexts.rulesWarnText}
        problems={review.problems}
        busy={updating}
        onUseTitle={(title) => onFixScheduledTitle(review.postId, title)}
        onDismiss={onDismiss}
      />
    );
  }
  const problems = review.check?.problems ?? [];
  if (review.kind === 'checked' && problems.length === 0) {
    return (
      <PostProblems
        tone="ok"
        title={redditPageTexts.checkOk(review.subreddit)}
        text={review.check.checkedLive ? undefined : redditPageTexts.checkNotLive}
        problems={[]}
        onDismiss={onDismiss}
      />
    );
  }
  const blocking = review.kind === 'blocked' || problems.some((problem) => problem.severity === 'block');
  return (
    <PostProblems
      tone={blocking ? 'block' : 'warn'}
      title={blocking ? redditPageTexts.rulesBlockTitle(review.subreddit) : redditPageTexts.rulesWarnTitle}
      text={
        review.kind === 'blocked' && !review.check
          ? checking
            ? redditPageTexts.checking
            : review.message
          : redditPageTexts.rulesBlockText
      }
      problems={problems}
      onUseTitle={onApplyTitle}
      onDismiss={onDismiss}
    />
  );
}
