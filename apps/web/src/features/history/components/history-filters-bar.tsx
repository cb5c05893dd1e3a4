import { useId, type ChangeEvent } from 'react';
import { ChevronDown, X } from 'lucide-react';
import { AddressSearchField } from '../../../components/address-search-field';
import { platformLabels } from '../../../components/platform-badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { filterFieldClasses } from '../../../components/ui/form/field-classes';
import {
  hasActiveFilters,
  platformChoices,
  typeChoices,
  type HistoryFilters,
  type PlatformChoice,
  type TypeChoice,
} from '../lib/history-filters';
import { historyTexts } from '../lib/history-texts';

const platformOptionLabels: Record<PlatformChoice, string> = { all: 'All platforms', ...platformLabels };
const typeOptionLabels: Record<TypeChoice, string> = historyTexts.typeOptions;

function SelectField<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  optionLabels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  const { label, value, options, optionLabels, onChange } = props;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event: ChangeEvent<HTMLSelectElement>) =>
            onChange(options.find((option) => option === event.target.value) ?? value)
          }
          className={cn(filterFieldClasses, 'cursor-pointer appearance-none pr-9 pl-3')}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabels[option]}
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

interface HistoryFiltersBarProps {
  filters: HistoryFilters;
  /** Only the filters that changed: the page writes them over the address as last set. */
  onChange: (change: Partial<HistoryFilters>) => void;
}

/** docs/product.md#content-history: a search box, the platform filter (all and every content platform, TikTok included) and the type filter (all, ai, template), labelled by writer: all, AI model, built-in writer. */
export function HistoryFiltersBar({ filters, onChange }: HistoryFiltersBarProps) {
  return (
    <div
      role="search"
      aria-label="Filter your content"
      className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] lg:grid-cols-[minmax(16rem,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
    >
      <AddressSearchField
        className="col-span-2 sm:col-span-3 lg:col-span-1"
        label={historyTexts.searchLabel}
        value={filters.search}
        placeholder={historyTexts.searchPlaceholder}
        maxLength={200}
        onChange={(search) => onChange({ search })}
      />
      <SelectField
        label={historyTexts.platformLabel}
        value={filters.platform}
        options={platformChoices}
        optionLabels={platformOptionLabels}
        onChange={(platform) => onChange({ platform })}
      />
      <SelectField
        label={historyTexts.typeLabel}
        value={filters.type}
        options={typeChoices}
        optionLabels={typeOptionLabels}
        onChange={(type) => onChange({ type })}
      />
      <Button
        variant="ghost"
        className="col-span-2 sm:col-span-1"
        disabled={!hasActiveFilters(filters)}
        onClick={() => onChange({ search: '', platform: 'all', type: 'all' })}
      >
        <X aria-hidden="true" className="size-4" />
        {historyTexts.clearFilters}
      </Button>
    </div>
  );
}
