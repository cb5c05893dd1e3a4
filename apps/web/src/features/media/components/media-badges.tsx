import type { ReactNode } from 'react';
import { Eye, Repeat2, ShieldCheck, Stamp } from 'lucide-react';
import { contentRatingTexts, mediaTexts, type ContentRating, type MediaAsset } from '@app/shared/media';
import { cn } from '../../../components/ui/cn';
import { formatDate } from '../../../lib/format/date-time';

const tones = {
  protected:
    'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-400/20',
  reposted:
    'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/15 dark:text-sky-300 dark:ring-sky-400/20',
  explicit:
    'bg-rose-50 text-rose-700 ring-rose-600/20 dark:bg-rose-500/15 dark:text-rose-300 dark:ring-rose-400/20',
  suggestive:
    'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400/20',
  neutral:
    'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset [&_svg]:size-3.5',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

export function ProtectedBadge({ asset }: { asset: Pick<MediaAsset, 'isProtected' | 'protectionLevel'> }) {
  if (!asset.isProtected || !asset.protectionLevel) return null;
  return (
    <Badge tone="protected">
      <ShieldCheck aria-hidden="true" />
      {mediaTexts.protectedBadge(asset.protectionLevel)}
    </Badge>
  );
}

export function RepostedBadge({ lastRepostedAt }: { lastRepostedAt: string | null }) {
  if (!lastRepostedAt) return null;
  return (
    <Badge tone="reposted">
      <Repeat2 aria-hidden="true" />
      Reposted <time dateTime={lastRepostedAt}>{formatDate(lastRepostedAt)}</time>
    </Badge>
  );
}

export function WatermarkBadge({ hasWatermark }: { hasWatermark: boolean }) {
  if (!hasWatermark) return null;
  return (
    <Badge tone="neutral">
      <Stamp aria-hidden="true" />
      Watermarked
    </Badge>
  );
}

const ratingTones = { explicit: 'explicit', suggestive: 'suggestive', safe: 'neutral' } as const;

/**
 * The photo's automatic content rating; nothing while it is not rated. Screen readers hear the
 * whole label (what the word means), sighted users see the word. `id` lets a card that names itself
 * otherwise point at it with aria-describedby.
 */
export function ContentRatingBadge({ rating, id }: { rating: ContentRating | null; id?: string }) {
  if (!rating) return null;
  return (
    <span id={id} className="inline-flex">
      <Badge tone={ratingTones[rating]}>
        <Eye aria-hidden="true" />
        <span aria-hidden="true">{contentRatingTexts.badge[rating]}</span>
        <span className="sr-only">{contentRatingTexts.label(rating)}</span>
      </Badge>
    </span>
  );
}
