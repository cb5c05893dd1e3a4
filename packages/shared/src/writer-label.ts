import { z } from 'zod';
import { aiProviders, type AiProviderName } from './ai';
import type { generationTypes } from './history';

/**
 * Who wrote a caption, in the UI's words. The built-in writer is rule-based and offline, so it is
 * never called "AI"; an AI service is named by its model (docs/ai-generation.md#writers).
 */
export const builtInWriterLabel = 'Built-in writer';
/** An AI-written history item whose model was not recorded. */
export const unnamedModelLabel = 'AI model';

/** A generate answer or GET /api/ai/writer (provider), or a history item (generationType). */
export type WriterSource =
  | { provider: AiProviderName; model: string }
  | { generationType: (typeof generationTypes)[number]; model?: string | null };

export function isBuiltInWriter(source: WriterSource): boolean {
  return 'provider' in source ? source.provider === 'offline' : source.generationType === 'template';
}

/** "Built-in writer", or the AI model's name ("llama3.1:8b", "gpt-4o-mini"). */
export function writerLabel(source: WriterSource): string {
  if (isBuiltInWriter(source)) return builtInWriterLabel;
  return source.model?.trim() || unnamedModelLabel;
}

/** GET /api/ai/writer: who writes captions on this install, before anything is generated. */
export const aiWriterSchema = z.object({
  provider: z.enum(aiProviders),
  model: z.string(),
  label: z.string(),
});
export type AiWriter = z.infer<typeof aiWriterSchema>;

export function aiWriterOf(provider: AiProviderName, model: string): AiWriter {
  return { provider, model, label: writerLabel({ provider, model }) };
}

export const writerTexts = {
  /** Under the Generate button: who will write, and (with an AI service) who stands in when it fails. */
  captionsWrittenBy: (writer: Pick<AiWriter, 'provider' | 'model'>) =>
    isBuiltInWriter(writer)
      ? 'Captions are written by the built-in writer.'
      : `Captions are written by ${writerLabel(writer)}; the built-in writer stands in if it does not answer.`,
  /**
   * Over a set of results. With a notice and an AI provider, the built-in writer filled in some of
   * them (aiTexts.partialFallback); with the offline provider it wrote them all.
   */
  writtenBy: (answer: { provider: AiProviderName; model: string; notice: string | null }) => {
    if (isBuiltInWriter(answer)) return 'Written by the built-in writer';
    const model = writerLabel(answer);
    return answer.notice ? `Written by ${model} and the built-in writer` : `Written by ${model}`;
  },
} as const;
