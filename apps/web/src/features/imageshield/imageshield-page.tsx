import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { tryLimits, type TryProtectionResponse } from '@app/shared/imageshield';
import type { ProtectionLevel } from '@app/shared/media';
import { httpMessages } from '@app/shared/messages';
import { useSessionUser } from '../../lib/session-context';
import { PageLayout } from '../../components/page-layout';
import { trackEventLater } from '../../lib/analytics/track-later';
import { AboutCard } from './components/about-card';
import { ProtectCard } from './components/protect-card';
import { ResultPlaceholder } from './components/result-placeholder';
import { choosePhoto } from './lib/choose-photo';
import { countOf } from '../../lib/format/plural';

// Only needed once the user acts (decision 033): the upload and request helpers when a photo is
// chosen, the result view (with the download) when it is sent.
const loadTry = () => Promise.all([import('./api/try-protection'), import('../../lib/request')]);
const loadResultCard = () => import('./components/result-card');
const ResultCard = lazy(async () => ({ default: (await loadResultCard()).ResultCard }));

type Protection =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; result: TryProtectionResponse }
  | { status: 'failed'; message: string | null };

interface PickedPhoto {
  file: File;
  /** An object URL for the "before" preview; revoked when another photo replaces it. */
  url: string;
}

// By name: the abort reason's DOMException may come from another realm (tests, extensions).
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

function triesText(remaining: number | null, signedIn: boolean): string {
  if (remaining !== null)
    return `${countOf(remaining, { one: 'free try', other: 'free tries' })} left this hour.`;
  return signedIn
    ? `Up to ${tryLimits.memberPerHour} tries an hour with your account.`
    : `Visitors get ${tryLimits.visitorPerHour} free tries an hour.`;
}

/** /imageshield: try protection on one photo, signed in or not, and see the measured result. */
export function ImageShieldPage() {
  const user = useSessionUser();
  const [protection, setProtection] = useState<Protection>({ status: 'idle' });
  const [picked, setPicked] = useState<PickedPhoto | null>(null);
  const [pickMessage, setPickMessage] = useState<{ note?: string; error?: string }>({});
  const [level, setLevel] = useState<ProtectionLevel>('standard');
  const [progress, setProgress] = useState(0);
  const [remaining, setRemaining] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const result = protection.status === 'done' ? protection.result : undefined;

  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked]);
  useEffect(() => () => abort.current?.abort(), []);
  // The result appears beside or below the form; moving focus there reads it out and scrolls to it.
  // Stable, so it runs when a result's card mounts, not on every render.
  const focusResult = useCallback((heading: HTMLHeadingElement | null) => heading?.focus(), []);

  function handleFiles(files: File[]) {
    const choice = choosePhoto(files);
    if ('error' in choice) {
      setPickMessage({ error: choice.error });
      return;
    }
    void loadTry().catch(() => undefined);
    setProtection({ status: 'idle' });
    setPickMessage({ note: choice.note });
    setPicked({ file: choice.file, url: URL.createObjectURL(choice.file) });
  }

  async function protect() {
    if (!picked) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    setPickMessage(({ note }) => ({ note }));
    setProtection({ status: 'pending' });
    trackEventLater('feature_usage', { feature: 'imageshield', action: 'protect' });
    void loadResultCard().catch(() => undefined);
    let helpers: Awaited<ReturnType<typeof loadTry>> | null = null;
    try {
      helpers = await loadTry();
      const [{ tryProtection }] = helpers;
      const response = await tryProtection({
        file: picked.file,
        level,
        signal: controller.signal,
        onProgress: setProgress,
      });
      if (abort.current !== controller) return;
      setRemaining(response.remainingTries);
      setProtection({ status: 'done', result: response });
    } catch (error) {
      if (abort.current !== controller) return;
      // A cancelled upload is no failure; without the helpers' code nothing was sent.
      const message = isAbort(error)
        ? null
        : helpers
          ? helpers[1].userFacingMessage(error)
          : httpMessages.network;
      setProtection({ status: 'failed', message });
    }
  }

  function tryAnother() {
    setProtection({ status: 'idle' });
    setPicked(null);
    setPickMessage({});
    formHeading.current?.focus();
  }

  const busy = protection.status === 'pending';
  const failure = protection.status === 'failed' ? protection.message : null;
  return (
    <PageLayout
      title="ImageShield"
      description="Make a copy of your photo that image fingerprints no longer match, and see the measured result before you post it."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <ProtectCard
          file={picked?.file ?? null}
          previewUrl={picked?.url ?? null}
          onFiles={handleFiles}
          level={level}
          onLevelChange={setLevel}
          progress={busy ? progress : null}
          onProtect={() => void protect()}
          onCancel={() => abort.current?.abort()}
          hasResult={result !== undefined}
          note={pickMessage.note ?? null}
          error={pickMessage.error ?? failure}
          triesText={triesText(remaining, user !== null)}
          headingRef={formHeading}
        />
        <div className="lg:row-span-2">
          {result ? (
            <Suspense fallback={<ResultPlaceholder busy />}>
              <ResultCard
                result={result}
                beforeUrl={picked?.url ?? null}
                onTryAnother={tryAnother}
                headingRef={focusResult}
              />
            </Suspense>
          ) : (
            <ResultPlaceholder busy={busy} />
          )}
        </div>
        <div className="lg:col-start-1">
          <AboutCard signedIn={user !== null} />
        </div>
      </div>
    </PageLayout>
  );
}
