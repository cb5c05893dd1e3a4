import type { MouseEvent } from 'react';
import { ChevronDown, ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

interface CommunityActionsProps {
  name: string;
  expanded: boolean;
  detailsId: string;
  onToggle: () => void;
}

// The row or card toggles on click too; the controls inside must not toggle it a second time.
const stop = (event: MouseEvent) => event.stopPropagation();

/** Open the subreddit on Reddit, and the keyboard-reachable toggle for the details. */
export function CommunityActions({ name, expanded, detailsId, onToggle }: CommunityActionsProps) {
  return (
    <div className="flex items-center justify-end gap-1.5">
      <Button asChild variant="outline" size="sm">
        <a
          href={`https://www.reddit.com/r/${name}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open r/${name} on Reddit (opens in a new tab)`}
          onClick={stop}
        >
          Open
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={expanded}
        aria-controls={expanded ? detailsId : undefined}
        aria-label={`Details for r/${name}`}
        onClick={(event) => {
          stop(event);
          onToggle();
        }}
      >
        Details
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform', expanded && 'rotate-180')}
        />
      </Button>
    </div>
  );
}

export function detailsIdOf(communityId: string): string {
  return `community-details-${communityId}`;
}
