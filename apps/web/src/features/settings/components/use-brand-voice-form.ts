import { useFieldArray, type Path } from 'react-hook-form';
import { z } from 'zod';
import {
  emojiLevels,
  isSingleEmoji,
  updateBrandVoiceSchema,
  type BrandVoiceSettings,
} from '@app/shared/brand-voice';
import { serverFieldOf } from '../../../components/ui/form/server-errors';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useUpdateBrandVoice, withoutFieldName } from '../api/update-brand-voice';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** "babe, good girl ,xoxo" → ['babe', 'good girl', 'xoxo']; the server trims and drops blanks too. */
export const splitWords = (text: string) => text.split(',').map((word) => word.trim());

/**
 * Emojis as people type them: "🔥 💋", "🔥,💋" or "🔥💋" all give ['🔥', '💋']. A piece that is not
 * all emojis ("fire") is kept whole, so the check names it instead of it being split into letters.
 */
export function splitEmojis(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .flatMap((piece) => {
      const parts = Array.from(graphemes.segment(piece), ({ segment }) => segment);
      return parts.every(isSingleEmoji) ? parts : [piece];
    });
}

const formValuesSchema = z.object({
  signature: z.string(),
  promoLink: z.string(),
  useWords: z.string(),
  avoidWords: z.string(),
  useEmojis: z.string(),
  avoidEmojis: z.string(),
  emojiLevel: z.enum(emojiLevels),
  samples: z.array(z.object({ text: z.string() })),
});
export type BrandVoiceFormValues = z.infer<typeof formValuesSchema>;
type FormField = Path<BrandVoiceFormValues>;

function toBody(values: BrandVoiceFormValues) {
  return {
    signature: values.signature,
    promoLink: values.promoLink,
    useWords: splitWords(values.useWords),
    avoidWords: splitWords(values.avoidWords),
    useEmojis: splitEmojis(values.useEmojis),
    avoidEmojis: splitEmojis(values.avoidEmojis),
    emojiLevel: values.emojiLevel,
    samples: values.samples.map((sample) => sample.text),
  };
}

/** The form field a path of the PUT body belongs to ("useWords.3" → useWords, "samples.1" → its textarea). */
export function formFieldOf(path: readonly PropertyKey[]): FormField | undefined {
  const [field, index] = path;
  if (field === 'samples') return typeof index === 'number' ? `samples.${index}.text` : 'samples';
  return typeof field === 'string' && field in formValuesSchema.shape ? (field as FormField) : undefined;
}

/**
 * Checked on submit with the very schema the API uses, so the messages are the server's; the
 * output is the PUT body, cleaned.
 */
const brandVoiceFormSchema = formValuesSchema.transform((values, context) => {
  const parsed = updateBrandVoiceSchema.safeParse(toBody(values));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path);
    context.addIssue({ code: 'custom', message: issue.message, path: field ? field.split('.') : [] });
  }
  return z.NEVER;
});

/** One empty sample box invites the first sample; blanks are never sent. */
export function toFormValues(voice: BrandVoiceSettings): BrandVoiceFormValues {
  const samples = voice.samples.length ? voice.samples : [''];
  return {
    signature: voice.signature ?? '',
    promoLink: voice.promoLink ?? '',
    useWords: voice.useWords.join(', '),
    avoidWords: voice.avoidWords.join(', '),
    useEmojis: voice.useEmojis.join(' '),
    avoidEmojis: voice.avoidEmojis.join(' '),
    emojiLevel: voice.emojiLevel,
    samples: samples.map((text) => ({ text })),
  };
}

/** Settings → Brand voice: the form's state, its sample boxes, and the save. */
export function useBrandVoiceForm(saved: BrandVoiceSettings) {
  const form = useZodForm(brandVoiceFormSchema, { defaultValues: toFormValues(saved) });
  const samples = useFieldArray({ control: form.control, name: 'samples' });
  const update = useUpdateBrandVoice();

  function save(voice: BrandVoiceSettings) {
    update.mutate(voice, {
      // What the server kept (trimmed, repeats left out) is what the form shows from now on.
      onSuccess: (kept) => form.reset(toFormValues(kept)),
      // The toast says why; the field the server names shows it too, and takes focus.
      onError: (error) => {
        const serverField = serverFieldOf(error);
        const field = serverField ? formFieldOf(serverField.split('.').map(asIndex)) : undefined;
        if (field && error instanceof Error)
          form.setError(
            field,
            { type: 'server', message: withoutFieldName(error.message) },
            { shouldFocus: true },
          );
      },
    });
  }

  return { form, samples, save, pending: update.isPending };
}

const asIndex = (part: string) => (/^\d+$/.test(part) ? Number(part) : part);
