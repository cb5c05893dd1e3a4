import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatBytes } from '../../../lib/format/size';

export const photoInputLabel = 'Choose a photo to protect';

interface PhotoPickerProps {
  file: File | null;
  previewUrl: string | null;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * One photo, picked or dropped. The file input stays mounted (and in the tab order) in both states,
 * so "Change photo" is its label just like the empty drop area is.
 */
export function PhotoPicker({ file, previewUrl, disabled, onFiles }: PhotoPickerProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave also fire for child elements; counting them avoids flicker.
  const depth = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const takeFiles = useRef(onFiles);
  useEffect(() => {
    takeFiles.current = onFiles;
  });

  // The page is prerendered (decision 033): a photo chosen before the script took over is already
  // in the input, and its change event went to no one. Hand it over once, when the page comes alive.
  useEffect(() => {
    const chosen = Array.from(input.current?.files ?? []);
    if (chosen.length === 0 || !input.current) return;
    input.current.value = '';
    takeFiles.current(chosen);
  }, []);

  function onDragEnter(event: DragEvent) {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (!disabled && files.length > 0) onFiles(files);
  }

  return (
    <div
      onDragEnter={onDragEnter}
      onDragOver={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={onDrop}
      className={cn(
        'rounded-2xl border-2 border-dashed transition-colors',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-rose-500',
        dragging
          ? 'border-rose-500 bg-rose-50 dark:border-rose-400 dark:bg-rose-500/10'
          : 'border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-950/40',
        !file && !dragging && !disabled && 'hover:border-rose-400 dark:hover:border-rose-500/60',
      )}
    >
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        aria-label={photoInputLabel}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so picking the same file again still counts as a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {file ? (
        <div className="flex items-center gap-3 p-3">
          <span className="size-14 shrink-0 overflow-hidden rounded-lg bg-zinc-200 dark:bg-zinc-800">
            {previewUrl && <img src={previewUrl} alt="" className="size-full object-cover" />}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium text-zinc-900 dark:text-white">
              {file.name}
            </span>
            <span id={`${id}-hint`} className="block text-xs text-zinc-500 dark:text-zinc-400">
              {formatBytes(file.size)}
            </span>
          </span>
          <label
            htmlFor={id}
            aria-disabled={disabled || undefined}
            className={cn(buttonClasses('outline', 'sm'), disabled && 'pointer-events-none opacity-50')}
          >
            Change photo
          </label>
        </div>
      ) : (
        <>
          <label
            htmlFor={id}
            className="flex cursor-pointer flex-col items-center gap-3 px-4 pt-8 pb-2 text-center"
          >
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300">
              <ImagePlus aria-hidden="true" className="size-6" />
            </span>
            <span className="font-medium text-zinc-900 dark:text-white">Choose a photo or drop it here</span>
          </label>
          <p id={`${id}-hint`} className="px-4 pb-8 text-center text-sm text-zinc-500 dark:text-zinc-400">
            JPEG, PNG, WebP, GIF or AVIF, up to 50 MB. One photo at a time.
          </p>
        </>
      )}
    </div>
  );
}
