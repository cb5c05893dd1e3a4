import { useEffect, useId, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { cn } from './ui/cn';

const inputClasses =
  'h-10 w-full rounded-lg border border-zinc-300 bg-white pr-3 pl-9 text-sm text-zinc-900 shadow-sm transition-colors placeholder:text-zinc-400 focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-rose-500/40 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';

interface AddressSearchFieldProps {
  label: string;
  /** The search as the address holds it. */
  value: string;
  placeholder: string;
  maxLength?: number;
  /** Writes the text into the address. */
  onChange: (text: string) => void;
  className?: string;
}

/**
 * A list's search box whose text lives in the address (?q=), so a filtered view can be shared and
 * reloaded. The router draws an address change in a transition, and a field fed only from the
 * address showed the old text until then: on a phone, keys typed before the page drew again were
 * lost ("sunday" became "y"). The field keeps what is typed itself and the address follows; an
 * address change made elsewhere ("Clear filters", Back) is taken into the field.
 */
export function AddressSearchField({
  label,
  value,
  placeholder,
  maxLength,
  onChange,
  className,
}: AddressSearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  // Texts written into the address that it has not shown yet, oldest first.
  const asked = useRef<string[]>([]);

  useEffect(() => {
    const index = asked.current.indexOf(value);
    if (index !== -1) {
      asked.current = asked.current.slice(index + 1);
      return;
    }
    asked.current = [];
    setText(value);
  }, [value]);

  function type(next: string) {
    setText(next);
    if (next === value && asked.current.length === 0) return;
    asked.current.push(next);
    onChange(next);
  }

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-4 text-zinc-400"
        />
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          maxLength={maxLength}
          onChange={(event) => type(event.target.value)}
          className={inputClasses}
        />
      </div>
    </div>
  );
}
