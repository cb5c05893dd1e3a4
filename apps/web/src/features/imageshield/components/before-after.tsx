import { useState, type ReactNode } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

interface BeforeAfterProps {
  /** The local file's object URL. */
  beforeUrl: string | null;
  afterUrl: string;
  afterLabel: string;
  /** The protected picture's size, which decides the frames' shape so both sit side by side. */
  width: number;
  height: number;
}

function Frame({
  caption,
  portrait,
  children,
}: {
  caption: ReactNode;
  portrait: boolean;
  children: ReactNode;
}) {
  return (
    <figure className="min-w-0">
      <div
        className={cn(
          'overflow-hidden rounded-xl bg-zinc-100 ring-1 ring-zinc-200 ring-inset dark:bg-zinc-950 dark:ring-zinc-800',
          portrait ? 'aspect-[3/4]' : 'aspect-[4/3]',
        )}
      >
        {children}
      </div>
      <figcaption className="mt-2 truncate text-center text-xs font-medium text-zinc-600 sm:text-sm dark:text-zinc-400">
        {caption}
      </figcaption>
    </figure>
  );
}

/** The original and its protected copy side by side, at the same size, on every screen width. */
export function BeforeAfter({ beforeUrl, afterUrl, afterLabel, width, height }: BeforeAfterProps) {
  // Some formats (HEIC in most browsers) upload fine but cannot be previewed locally.
  const [beforeFailed, setBeforeFailed] = useState(false);
  const portrait = height > width;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4">
      <Frame caption="Before" portrait={portrait}>
        {beforeUrl && !beforeFailed ? (
          <img
            src={beforeUrl}
            alt="Before: your original photo"
            onError={() => setBeforeFailed(true)}
            className="size-full object-contain"
          />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-2 p-3 text-center text-xs text-zinc-500 dark:text-zinc-400">
            <ImageOff aria-hidden="true" className="size-6" />
            This browser cannot preview the original.
          </span>
        )}
      </Frame>
      <Frame caption={`After · ${afterLabel}`} portrait={portrait}>
        <img
          src={afterUrl}
          alt={`After: protected copy (${afterLabel})`}
          className="size-full object-contain"
        />
      </Frame>
    </div>
  );
}
