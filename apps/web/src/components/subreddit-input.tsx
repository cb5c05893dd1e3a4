import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from './ui/cn';

interface SubredditInputProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> {
  /** Rendered inside the positioned wrapper, e.g. a datalist of known communities. */
  children?: ReactNode;
}

/** A subreddit name field with a fixed "r/" before the text: the name is typed without it. */
export function SubredditInput({ className, children, ...props }: SubredditInputProps) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-zinc-500"
      >
        r/
      </span>
      <input
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder="selfie"
        maxLength={24}
        {...props}
        className={cn(className, 'h-10 pr-3 pl-7')}
      />
      {children}
    </div>
  );
}
