import { useId, useRef, useState, type DragEvent } from 'react';
import { Upload } from 'lucide-react';
import { leakTraceTexts } from '@app/shared/leak-trace';
import { cn } from '../../../components/ui/cn';

interface PictureDropProps {
  disabled: boolean;
  onFile: (file: File) => void;
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/** One picture, chosen with the button (keyboard and screen readers) or dropped on the area. */
export function PictureDrop({ disabled, onFile }: PictureDropProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for child elements too; counting them avoids flicker.
  const depth = useRef(0);

  return (
    <div
      onDragEnter={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (!disabled && file) onFile(file);
      }}
      className={cn(
        'rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-rose-500',
        dragging
          ? 'border-rose-500 bg-rose-50 dark:border-rose-400 dark:bg-rose-500/10'
          : 'border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-950/40',
      )}
    >
      <input
        id={id}
        type="file"
        accept="image/*"
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still counts as a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={id}
        aria-disabled={disabled || undefined}
        className={cn(
          'inline-flex cursor-pointer items-center gap-2 rounded-lg bg-rose-600 px-4 py-2 text-sm font-medium text-white hover:bg-rose-700 dark:bg-rose-500 dark:text-zinc-950',
          disabled && 'pointer-events-none opacity-50',
        )}
      >
        <Upload aria-hidden="true" className="size-4" />
        {leakTraceTexts.chooseFile}
      </label>
      <p id={`${id}-hint`} className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        {leakTraceTexts.dropHint}
      </p>
    </div>
  );
}
