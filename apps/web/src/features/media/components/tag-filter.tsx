import { useId, useState, type KeyboardEvent } from 'react';
import { Tag, X } from 'lucide-react';
import { mediaTexts, type MediaTagCount } from '@app/shared/media';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useMediaTags } from '../api/get-media-tags';

interface TagFilterProps {
  /** The tag the grid is narrowed to, or null for all images. */
  value: string | null;
  onChange: (tag: string | null) => void;
}

function matching(tags: MediaTagCount[], typed: string): MediaTagCount[] {
  const start = typed.trim().toLowerCase();
  return start ? tags.filter(({ tag }) => tag.toLowerCase().startsWith(start)) : tags;
}

/**
 * A combobox (WAI-ARIA 1.2 pattern, list autocomplete): typing narrows the user's tags, arrows move
 * through them, Enter picks one (or filters by exactly what was typed), Escape closes the list.
 */
export function TagFilter({ value, onChange }: TagFilterProps) {
  const id = useId();
  const tags = useMediaTags();
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Cleared from outside (the empty grid's button): the field shows it too.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  const options = matching(tags.data ?? [], text);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  function pick(tag: string | null) {
    setText(tag ?? '');
    setOpen(false);
    setActive(-1);
    onChange(tag);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = open && active >= 0 ? options[active]?.tag : text.trim();
      pick(chosen ? chosen : null);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const expanded = open && tags.data !== undefined;
  return (
    <div className="relative w-full sm:w-64">
      <label htmlFor={id} className="sr-only">
        {mediaTexts.tagFilterLabel}
      </label>
      <Tag aria-hidden="true" className="pointer-events-none absolute top-2.5 left-3 size-4 text-zinc-400" />
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={mediaTexts.tagFilterPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (event.target.value.trim() === '' && value !== null) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-lg border border-zinc-300 bg-white pr-9 pl-9 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-400 focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-rose-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
      />
      {value !== null && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={mediaTexts.clearTagFilter}
          onClick={() => pick(null)}
          className="absolute top-0 right-0 size-9"
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={mediaTexts.tagSuggestions}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {options.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-zinc-500 dark:text-zinc-400">
            {mediaTexts.noTagMatches}
          </li>
        )}
        {options.map(({ tag, count }, index) => (
          <li
            key={tag}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            aria-label={mediaTexts.tagCount(tag, count)}
            // mousedown, not click: the input keeps focus and its blur does not close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(tag);
            }}
            className={cn(
              'flex cursor-pointer justify-between gap-3 px-3 py-1.5 text-zinc-900 dark:text-zinc-100',
              index === active && 'bg-rose-50 dark:bg-rose-500/10',
            )}
          >
            <span className="truncate">{tag}</span>
            <span className="shrink-0 text-zinc-500 tabular-nums dark:text-zinc-400">{count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
