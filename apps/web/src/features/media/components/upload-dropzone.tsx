import { useId, useRef, useState, type DragEvent } from 'react';
import { CloudUpload } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

interface UploadDropzoneProps {
  accept: string;
  prompt: string;
  hint: string;
  onFiles: (files: File[]) => void;
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * A multi-file picker that also takes files dropped on it. The real file input stays in the
 * accessibility tree and the tab order; the styled area is its label.
 */
export function UploadDropzone({ accept, prompt, hint, onFiles }: UploadDropzoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave also fire for child elements; counting them avoids flicker.
  const depth = useRef(0);

  function onDragEnter(event: DragEvent) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  }

  function onDragLeave() {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <div
      onDragEnter={onDragEnter}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      className={cn(
        'relative rounded-2xl border-2 border-dashed transition-colors',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-rose-500',
        dragging
          ? 'border-rose-500 bg-rose-50 dark:border-rose-400 dark:bg-rose-500/10'
          : 'border-zinc-300 bg-zinc-50 hover:border-rose-400 hover:bg-rose-50/50 dark:border-zinc-700 dark:bg-zinc-950/40 dark:hover:border-rose-500/60 dark:hover:bg-rose-500/5',
      )}
    >
      <input
        id={id}
        type="file"
        multiple
        accept={accept}
        aria-describedby={`${id}-hint`}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so picking the same file again still counts as a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center gap-3 px-4 pt-8 pb-2 text-center sm:px-6"
      >
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300">
          <CloudUpload aria-hidden="true" className="size-6" />
        </span>
        <span className="font-medium text-zinc-900 dark:text-white">{prompt}</span>
      </label>
      <p id={`${id}-hint`} className="px-4 pb-8 text-center text-sm text-zinc-500 dark:text-zinc-400">
        {hint}
      </p>
    </div>
  );
}
