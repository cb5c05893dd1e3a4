import { PenLine } from 'lucide-react';
import { writerTexts } from '@app/shared/writer-label';
import { useAiWriter } from '../api/get-ai-writer';

/**
 * Who will write, said before generating (docs/ai-generation.md#writers): the built-in writer, or
 * the configured model. Nothing is said until the server has answered, so nothing can be wrong.
 */
export function WriterNote() {
  const writer = useAiWriter();
  if (!writer.data) return null;
  return (
    <p
      data-testid="writer-note"
      className="flex items-start gap-2 px-1 text-xs text-zinc-600 dark:text-zinc-400"
    >
      <PenLine aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>{writerTexts.captionsWrittenBy(writer.data)}</span>
    </p>
  );
}
