import { cn } from './ui/cn';

export type ContentPlatform = 'reddit' | 'twitter' | 'instagram' | 'tiktok';

export const platformLabels: Record<ContentPlatform, string> = {
  reddit: 'Reddit',
  twitter: 'Twitter',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};

// Each network's own colour, toned down so the text stays readable (contrast 4.5:1) in both themes.
const tones: Record<ContentPlatform, string> = {
  reddit:
    'bg-orange-50 text-orange-800 ring-orange-200 dark:bg-orange-500/15 dark:text-orange-200 dark:ring-orange-500/30',
  twitter: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-500/15 dark:text-sky-200 dark:ring-sky-500/30',
  instagram:
    'bg-fuchsia-50 text-fuchsia-800 ring-fuchsia-200 dark:bg-fuchsia-500/15 dark:text-fuchsia-200 dark:ring-fuchsia-500/30',
  tiktok:
    'bg-zinc-100 text-zinc-800 ring-zinc-300 dark:bg-zinc-500/20 dark:text-zinc-100 dark:ring-zinc-500/40',
};

/** The platform a piece of content is written for, as a small coloured label. */
export function PlatformBadge({ platform, className }: { platform: ContentPlatform; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[platform],
        className,
      )}
    >
      {platformLabels[platform]}
    </span>
  );
}
