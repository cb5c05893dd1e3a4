import { useState, type FormEvent } from 'react';
import { LoaderCircle, Stamp } from 'lucide-react';
import { watermarkTextOf } from '@app/shared/media';
import { watermarkIsForced } from '@app/shared/plans';
import {
  watermarkTextMaxLength,
  watermarkTextProblem,
  watermarkTextTexts as texts,
} from '@app/shared/settings';
import type { User } from '@app/shared/user';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/form/input';
import { userFacingMessage } from '../../../lib/request';
import { useUserSettings } from '../api/get-user-settings';
import { useUpdateUserSettings } from '../api/update-user-settings';

const fieldId = 'watermark-text';

function WatermarkTextForm({ user, saved }: { user: User; saved: string | null }) {
  const [draft, setDraft] = useState(saved ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateUserSettings();
  const locked = watermarkIsForced(user);
  const pending = update.isPending;
  const typed = draft.trim().replace(/\s+/g, ' ');
  // What the server will draw: the typed text once it is valid, else the username mark.
  const preview = watermarkTextOf(user, typed !== '' && !watermarkTextProblem(draft) ? typed : null);
  const dirty = typed !== (saved ?? '');

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = watermarkTextProblem(draft);
    setProblem(local);
    if (local || !dirty) return;
    update.mutate(
      { watermarkText: typed === '' ? null : typed },
      {
        onSuccess: (settings) => setDraft(settings.watermarkText ?? ''),
        // The server's refusal, shown at the field as well as in the toast.
        onError: (error) => setProblem(userFacingMessage(error)),
      },
    );
  }

  return (
    <form noValidate onSubmit={save} className="grid gap-4">
      <Input
        id={fieldId}
        label={texts.label}
        maxLength={watermarkTextMaxLength + 20}
        autoComplete="off"
        disabled={locked || pending}
        registration={{
          name: 'watermarkText',
          value: draft,
          onChange: (event) => {
            setDraft(event.target.value);
            setProblem(null);
          },
          onBlur: () => setProblem(watermarkTextProblem(draft)),
        }}
        error={problem ? { message: problem } : undefined}
        hint={<span className="text-xs text-zinc-500 dark:text-zinc-400">{texts.help}</span>}
      />
      <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
        {texts.preview}{' '}
        <span
          data-testid="watermark-preview"
          className="inline-block max-w-full rounded bg-zinc-800 px-2 py-0.5 font-bold wrap-anywhere text-white dark:bg-zinc-700"
        >
          {preview}
        </span>
      </p>
      {locked ? (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-500/10 dark:text-amber-100"
        >
          {texts.freeLocked}{' '}
          <a href="#subscription" className="font-medium text-rose-700 underline dark:text-rose-300">
            {texts.upgradeLink}
          </a>
        </p>
      ) : (
        <div>
          <Button type="submit" disabled={!dirty || pending} aria-busy={pending || undefined}>
            {pending ? (
              <>
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> {texts.saving}
              </>
            ) : (
              texts.save
            )}
          </Button>
        </div>
      )}
    </form>
  );
}

/** Settings → Watermark text: paid plans choose the visible mark; Free sees why it is locked. */
export function WatermarkTextCard({ user }: { user: User }) {
  const settings = useUserSettings();
  return (
    <Card id="watermark-text-card" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Stamp aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> {texts.title}
        </CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div role="status">
            <span className="sr-only">Loading your watermark text...</span>
            <div aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" />
          </div>
        ) : settings.error ? (
          // The preferences section above explains the failed load and offers to try again.
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{texts.unavailable}</p>
        ) : (
          <WatermarkTextForm user={user} saved={settings.data.watermarkText} />
        )}
      </CardContent>
    </Card>
  );
}
