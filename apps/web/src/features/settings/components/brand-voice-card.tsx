import { CircleAlert, LoaderCircle, MessageSquareQuote, Plus, X } from 'lucide-react';
import {
  brandVoiceLimits,
  brandVoiceTexts as texts,
  emojiLevelLabels,
  emojiLevels,
  type BrandVoiceSettings,
} from '@app/shared/brand-voice';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form/form';
import { Input } from '../../../components/ui/form/input';
import { Textarea } from '../../../components/ui/form/textarea';
import { userFacingMessage } from '../../../lib/request';
import { useBrandVoice } from '../api/get-brand-voice';
import { useBrandVoiceForm } from './use-brand-voice-form';

/** The four comma-separated lists: words and emojis to use and to avoid. */
interface ListField {
  name: 'useWords' | 'avoidWords' | 'useEmojis' | 'avoidEmojis';
  id: string;
  label: string;
  hint: string;
  placeholder?: string;
}

const listFields: readonly ListField[] = [
  {
    name: 'useWords',
    id: 'brand-voice-use-words',
    label: texts.useWords,
    hint: texts.wordsHint,
    placeholder: 'babe, xoxo',
  },
  { name: 'avoidWords', id: 'brand-voice-avoid-words', label: texts.avoidWords, hint: texts.wordsHint },
  {
    name: 'useEmojis',
    id: 'brand-voice-use-emojis',
    label: texts.useEmojis,
    hint: texts.emojisHint,
    placeholder: '🔥 ✨',
  },
  { name: 'avoidEmojis', id: 'brand-voice-avoid-emojis', label: texts.avoidEmojis, hint: texts.emojisHint },
];

const hint = (text: string) => <p className="text-xs text-zinc-500 dark:text-zinc-400">{text}</p>;

function BrandVoiceForm({ saved }: { saved: BrandVoiceSettings }) {
  const { form, samples, save, pending } = useBrandVoiceForm(saved);
  const { errors, isDirty } = form.formState;
  const samplesError = errors.samples?.message ?? errors.samples?.root?.message;

  return (
    <Form
      form={form}
      aria-label={texts.title}
      onSubmit={save}
      invalidToast={(_field, message) => ({ title: texts.saveFailed, description: message || undefined })}
      className="grid gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id="brand-voice-signature"
          label={texts.signature}
          maxLength={brandVoiceLimits.signature}
          autoComplete="off"
          disabled={pending}
          registration={form.register('signature')}
          error={errors.signature}
          hint={hint(texts.signatureHint)}
        />
        <Input
          id="brand-voice-promo-link"
          label={texts.promoLink}
          maxLength={brandVoiceLimits.promoLink}
          placeholder="@name or onlyfans.com/name"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={pending}
          registration={form.register('promoLink')}
          error={errors.promoLink}
          hint={hint(texts.promoLinkHint)}
        />
        {listFields.map((field) => (
          <Input
            key={field.name}
            id={field.id}
            label={field.label}
            placeholder={field.placeholder}
            disabled={pending}
            registration={form.register(field.name)}
            error={errors[field.name]}
            hint={hint(field.hint)}
          />
        ))}
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{texts.emojiLevel}</legend>
        <div className="mt-2 inline-flex flex-wrap rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700">
          {emojiLevels.map((level) => (
            <label
              key={level}
              className="cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 has-checked:bg-rose-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-rose-500 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:has-checked:bg-rose-500 dark:has-checked:text-zinc-950"
            >
              <input
                type="radio"
                value={level}
                disabled={pending}
                {...form.register('emojiLevel')}
                className="sr-only"
              />
              {emojiLevelLabels[level]}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="grid gap-3" aria-describedby="brand-voice-samples-hint">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{texts.samples}</legend>
        <p id="brand-voice-samples-hint" className="-mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {texts.samplesHint}
        </p>
        {samples.fields.map((field, index) => (
          <div key={field.id} className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <Textarea
                id={`brand-voice-sample-${index + 1}`}
                label={texts.sample(index + 1)}
                rows={3}
                maxLength={brandVoiceLimits.sampleLength}
                disabled={pending}
                registration={form.register(`samples.${index}.text`)}
                error={errors.samples?.[index]?.text}
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-7 shrink-0"
              aria-label={texts.removeSample(index + 1)}
              disabled={pending}
              onClick={() => samples.remove(index)}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ))}
        {samplesError && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {samplesError}
          </p>
        )}
        {samples.fields.length < brandVoiceLimits.samples && (
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={pending}
              onClick={() => samples.append({ text: '' })}
            >
              <Plus aria-hidden="true" className="size-4" /> {texts.addSample}
            </Button>
          </div>
        )}
      </fieldset>

      <div>
        <Button type="submit" disabled={!isDirty || pending} aria-busy={pending}>
          {pending ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> {texts.saving}
            </>
          ) : (
            texts.save
          )}
        </Button>
      </div>
    </Form>
  );
}

/** Settings → Brand voice: how the creator's captions sound, for both caption writers. */
export function BrandVoiceCard() {
  const voice = useBrandVoice();
  return (
    <Card id="brand-voice" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareQuote aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />{' '}
          {texts.title}
        </CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {voice.isPending ? (
          <div role="status">
            <span className="sr-only">Loading your brand voice...</span>
            <div aria-hidden="true" className="h-64 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" />
          </div>
        ) : voice.error ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <CircleAlert aria-hidden="true" className="size-8 text-red-500" />
            <p className="font-semibold text-zinc-900 dark:text-white">{texts.loadFailed}</p>
            <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
              {userFacingMessage(voice.error)}
            </p>
            <Button variant="outline" onClick={() => void voice.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <BrandVoiceForm saved={voice.data} />
        )}
      </CardContent>
    </Card>
  );
}
