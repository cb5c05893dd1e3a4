import { useId, useMemo, useState } from 'react';
import { Plus, X } from 'lucide-react';
import type { Campaign } from '@app/shared/campaigns';
import { Button } from '../../../components/ui/button';
import type { CommunitySuggestion } from '../api/campaigns';
import { fieldClasses, hintClasses, labelClasses } from '../components/field-styles';
import { campaignPageTexts as texts } from '../lib/campaign-texts';

interface SubredditPickerProps {
  value: string[];
  onChange: (next: string[]) => void;
  limit: number;
  communities: CommunitySuggestion[] | undefined;
  pastCampaigns: Campaign[] | undefined;
  disabled?: boolean;
}

const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

const promotionRank = { yes: 0, limited: 1, no: 2 } as const;

/** Promotion allowed first, then the success rate, then size: where a creator's post is most welcome. */
export function rankSuggestions(communities: readonly CommunitySuggestion[]): CommunitySuggestion[] {
  return [...communities].sort(
    (a, b) =>
      promotionRank[a.promotionAllowed] - promotionRank[b.promotionAllowed] ||
      (b.successProbability ?? -1) - (a.successProbability ?? -1) ||
      b.members - a.members,
  );
}

const typedName = (text: string) => text.trim().replace(/^\/?r\//i, '');
const validName = (name: string) => /^[A-Za-z0-9_]{1,21}$/.test(name);

/** The campaign's subreddits: search, ranked suggestions, a past campaign's list, and chips to remove. */
export function SubredditPicker({
  value,
  onChange,
  limit,
  communities,
  pastCampaigns,
  disabled,
}: SubredditPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(value.map((name) => name.toLowerCase())), [value]);
  const full = value.length >= limit;
  const query = typedName(search).toLowerCase();
  const suggestions = useMemo(() => {
    const ranked = rankSuggestions(communities ?? []).filter((c) => !chosen.has(c.name.toLowerCase()));
    return (query ? ranked.filter((c) => c.name.toLowerCase().includes(query)) : ranked).slice(0, 8);
  }, [communities, chosen, query]);
  const typed = typedName(search);
  const offerTyped =
    validName(typed) &&
    !chosen.has(typed.toLowerCase()) &&
    !suggestions.some((c) => c.name.toLowerCase() === typed.toLowerCase());

  function add(name: string) {
    if (full || chosen.has(name.toLowerCase())) return;
    onChange([...value, name]);
    setSearch('');
  }
  const reusable = (pastCampaigns ?? []).filter((campaign) => campaign.subreddits.length > 0);

  return (
    <fieldset className="min-w-0 space-y-2" disabled={disabled}>
      <legend className={labelClasses}>{texts.subredditsLabel}</legend>
      <p className={hintClasses} id={`${id}-hint`}>
        {texts.subredditsHint} {texts.selected(value.length, limit)}
      </p>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={texts.subredditsLabel}>
          {value.map((name) => (
            <li key={name}>
              <span className="inline-flex items-center gap-1 rounded-full bg-rose-50 py-0.5 pr-0.5 pl-2.5 text-sm font-medium text-rose-900 dark:bg-rose-500/15 dark:text-rose-100">
                r/{name}
                <button
                  type="button"
                  className="inline-flex size-7 items-center justify-center rounded-full hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-rose-500 dark:hover:bg-rose-500/25"
                  aria-label={texts.remove(name)}
                  onClick={() => onChange(value.filter((other) => other !== name))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto]">
        <div>
          <label htmlFor={`${id}-search`} className="sr-only">
            {texts.searchLabel}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className={`${fieldClasses} h-10 px-3`}
            placeholder={texts.searchPlaceholder}
            value={search}
            aria-describedby={`${id}-hint`}
            disabled={full}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const first = suggestions[0];
              if (offerTyped) add(typed);
              else if (first) add(first.name);
            }}
          />
        </div>
        {reusable.length > 0 && (
          <div>
            <label htmlFor={`${id}-past`} className="sr-only">
              {texts.pastList}
            </label>
            <select
              id={`${id}-past`}
              className={`${fieldClasses} h-10 px-2`}
              value=""
              onChange={(event) => {
                const campaign = reusable.find((c) => c.id === event.target.value);
                if (!campaign) return;
                const merged = [...value];
                for (const name of campaign.subreddits) {
                  if (merged.length >= limit) break;
                  if (!merged.some((other) => other.toLowerCase() === name.toLowerCase())) merged.push(name);
                }
                onChange(merged);
              }}
            >
              <option value="">
                {texts.pastList} {texts.pastListNone}
              </option>
              {reusable.map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.name} ({campaign.subreddits.length})
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {!full && (suggestions.length > 0 || offerTyped) && (
        <div className="rounded-xl border border-zinc-200 p-2 dark:border-zinc-800">
          <p className="px-1 text-xs font-semibold text-zinc-600 dark:text-zinc-400">
            {texts.suggestionsTitle} <span className="font-normal">— {texts.suggestionsHint}</span>
          </p>
          <ul className="mt-1 grid gap-1 sm:grid-cols-2">
            {offerTyped && (
              <li>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="w-full justify-start"
                  onClick={() => add(typed)}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  {texts.addTyped(typed)}
                </Button>
              </li>
            )}
            {suggestions.map((community) => (
              <li key={community.name}>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="w-full justify-start"
                  aria-label={texts.add(community.name)}
                  onClick={() => add(community.name)}
                >
                  <Plus aria-hidden="true" className="size-4 shrink-0" />
                  <span className="truncate">r/{community.name}</span>
                  <span className="ml-auto shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
                    {compact.format(community.members)} members
                    {community.successProbability !== null &&
                      ` · ${Math.round(community.successProbability)}%`}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
