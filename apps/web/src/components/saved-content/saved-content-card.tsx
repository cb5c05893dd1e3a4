import { useId } from 'react';
import { Trash2 } from 'lucide-react';
import { savedContentTexts, type SavedContent } from '@app/shared/history';
import { CopyButton } from '../copy-button';
import { PlatformBadge } from '../platform-badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { formatDateTime } from '../../lib/format/date-time';

interface SavedContentCardProps {
  item: SavedContent;
  isRemoving: boolean;
  onRemove: (item: SavedContent, opener: HTMLElement) => void;
}

/** One saved copy: platform, date, title and content, with copy and remove. */
export function SavedContentCard({ item, isRemoving, onRemove }: SavedContentCardProps) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="article" className="flex h-full flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        <PlatformBadge platform={item.platform} />
        <time dateTime={item.createdAt} className="ml-auto tabular-nums">
          {formatDateTime(item.createdAt)}
        </time>
      </div>
      <h3 id={headingId} className="text-base font-semibold break-words text-zinc-900 dark:text-white">
        {item.title}
      </h3>
      <p className="line-clamp-6 text-sm break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">
        {item.content}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <CopyButton
          text={item.content}
          label={savedContentTexts.copy}
          accessibleLabel={savedContentTexts.copyLabel(item.title)}
        />
        <Button
          variant="danger-outline"
          size="sm"
          aria-label={savedContentTexts.removeLabel(item.title)}
          disabled={isRemoving}
          aria-busy={isRemoving || undefined}
          onClick={(event) => onRemove(item, event.currentTarget)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {isRemoving ? savedContentTexts.removing : savedContentTexts.remove}
        </Button>
      </div>
    </Card>
  );
}
