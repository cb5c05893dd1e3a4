import { useId, type ChangeEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { AddressSearchField } from '../../../components/address-search-field';
import { communityCategories, promotionPolicies } from '@app/shared/communities';
import { cn } from '../../../components/ui/cn';
import { filterFieldClasses } from '../../../components/ui/form/field-classes';
import { humanize } from '../lib/community-format';
import type { CommunityFilters, SortKey } from '../lib/community-filters';

const sortLabels: Record<SortKey, string> = {
  success: 'Success rate',
  engagement: 'Engagement',
  members: 'Members',
  upvotes: 'Average upvotes',
  name: 'Name (A–Z)',
};

interface SelectFieldProps {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [value: string, label: string]>;
  onChange: (value: string) => void;
}

function SelectField({ label, value, options, onChange }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
          className={cn(filterFieldClasses, 'cursor-pointer appearance-none pr-9 pl-3')}
        >
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-3 right-3 size-4 text-zinc-500"
        />
      </div>
    </div>
  );
}

interface CommunityFiltersBarProps {
  filters: CommunityFilters;
  /** Only the filter that changed: the page writes it over the address as last set. */
  onChange: (change: Partial<CommunityFilters>) => void;
}

/** docs/product.md#communities: search, category, promotion and verification filters, and the sort. */
export function CommunityFiltersBar({ filters, onChange }: CommunityFiltersBarProps) {
  const set =
    <K extends keyof CommunityFilters>(key: K) =>
    (value: string) =>
      onChange({ [key]: value as CommunityFilters[K] } as Partial<CommunityFilters>);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(0,1fr))] lg:items-end">
      <AddressSearchField
        className="col-span-2 lg:col-span-1"
        label="Search communities"
        value={filters.search}
        placeholder="Name or description"
        onChange={set('search')}
      />
      <SelectField
        label="Category"
        value={filters.category}
        onChange={set('category')}
        options={[
          ['all', 'All categories'],
          ...communityCategories.map((category) => [category, humanize(category)] as const),
        ]}
      />
      <SelectField
        label="Promotion"
        value={filters.promotion}
        onChange={set('promotion')}
        options={[['all', 'Any'], ...promotionPolicies.map((policy) => [policy, humanize(policy)] as const)]}
      />
      <SelectField
        label="Verification"
        value={filters.verification}
        onChange={set('verification')}
        options={[
          ['all', 'Any'],
          ['required', 'Required'],
          ['not-required', 'Not required'],
        ]}
      />
      <SelectField
        label="Sort by"
        value={filters.sort}
        onChange={set('sort')}
        options={Object.entries(sortLabels)}
      />
    </div>
  );
}
