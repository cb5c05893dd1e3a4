import type { ScheduledPost } from '@app/shared/posts';
import {
  calendarStatusLabels,
  calendarStatuses,
  calendarStatusOf,
  type CalendarStatus,
} from '@app/shared/posts-calendar';
import { Button } from '../../../components/ui/button';
import { listFilterTexts as texts } from '../lib/calendar-texts';
import { fieldClasses, labelClasses } from './field-styles';

export interface PostListFilter {
  status: CalendarStatus | '';
  subreddit: string;
  /** A campaign's id, 'none' for posts outside any campaign, '' for all. */
  campaign: string;
}

export const noFilter: PostListFilter = { status: '', subreddit: '', campaign: '' };

export const isFiltering = (filter: PostListFilter) =>
  filter.status !== '' || filter.subreddit.trim() !== '' || filter.campaign !== '';

/**
 * Whether a post passes the filter. Client-side, over the pages already loaded (docs/decisions/039-calendar.md):
 * the groups keep loading pages as they scroll, so a match further down still turns up.
 */
export function matchesFilter(post: ScheduledPost, filter: PostListFilter): boolean {
  if (filter.status && calendarStatusOf(post) !== filter.status) return false;
  const subreddit = filter.subreddit
    .trim()
    .replace(/^\/?r\//i, '')
    .toLowerCase();
  if (subreddit && !post.subreddit.toLowerCase().includes(subreddit)) return false;
  if (filter.campaign === 'none') return post.campaignId === null;
  if (filter.campaign) return post.campaignId === filter.campaign;
  return true;
}

interface PostListFiltersProps {
  filter: PostListFilter;
  onChange: (filter: PostListFilter) => void;
  /** The campaigns the loaded posts belong to, by name; absent when none is in a campaign. */
  campaigns: { id: string; name: string }[];
}

export function PostListFilters({ filter, onChange, campaigns }: PostListFiltersProps) {
  const control = `${fieldClasses} h-9 px-2.5`;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="sr-only">{texts.legend}</legend>
      <label className="grid gap-1">
        <span className={labelClasses}>{texts.status}</span>
        <select
          className={control}
          value={filter.status}
          onChange={(event) =>
            onChange({ ...filter, status: event.target.value as PostListFilter['status'] })
          }
        >
          <option value="">{texts.anyStatus}</option>
          {calendarStatuses.map((status) => (
            <option key={status} value={status}>
              {calendarStatusLabels[status]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        <span className={labelClasses}>{texts.subreddit}</span>
        <input
          type="search"
          className={control}
          value={filter.subreddit}
          placeholder={texts.subredditPlaceholder}
          onChange={(event) => onChange({ ...filter, subreddit: event.target.value })}
        />
      </label>
      <label className="grid gap-1">
        <span className={labelClasses}>{texts.campaign}</span>
        <select
          className={control}
          value={filter.campaign}
          onChange={(event) => onChange({ ...filter, campaign: event.target.value })}
        >
          <option value="">{texts.anyCampaign}</option>
          <option value="none">{texts.noCampaign}</option>
          {campaigns.map((campaign) => (
            <option key={campaign.id} value={campaign.id}>
              {campaign.name}
            </option>
          ))}
        </select>
      </label>
      {isFiltering(filter) && (
        <div className="flex flex-wrap items-center justify-between gap-2 sm:col-span-3">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{texts.scope}</p>
          <Button size="sm" variant="ghost" onClick={() => onChange(noFilter)}>
            {texts.clear}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
