import { useEffect, useRef, useState } from 'react';
import { LoaderCircle, ScanSearch } from 'lucide-react';
import { tryLimits } from '@app/shared/imageshield';
import { mediaTexts, type ProtectionLevel } from '@app/shared/media';
import { useSessionUser } from '../../lib/session-context';
import { PageLayout } from '../../components/page-layout';
import { toast } from '../../components/ui/toast';
import { trackEvent } from '../../lib/analytics/analytics';
import { userFacingMessage } from '../../lib/request';
import { useTryProtection } from './api/try-protection';
import { AboutCard } from './components/about-card';
import { ProtectCard } from './components/protect-card';
import { ResultCard } from './components/result-card';
import { choosePhoto } from './lib/choose-photo';
import { saveDataUrl } from './lib/save-data-url';
import { countOf } from '../../lib/format/plural';

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
  const protection = useTryProtection();
  const [picked, setPicked] = useState<PickedPhoto | null>(null);
  const [pickMessage, setPickMessage] = useState<{ note?: string; error?: string }>({});
  const [level, setLevel] = useState<ProtectionLevel>('standard');
  const [progress, setProgress] = useState(0);
  const [remaining, setRemaining] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const result = protection.data;

  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked]);
  useEffect(() => () => abort.current?.abort(), []);
  // The result appears beside or below the form; moving focus there reads it out and scrolls to it.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  function handleFiles(files: File[]) {
    const choice = choosePhoto(files);
    if ('error' in choice) {
      setPickMessage({ error: choice.error });
      return;
    }
    protection.reset();
    setPickMessage({ note: choice.note });
    setPicked({ file: choice.file, url: URL.createObjectURL(choice.file) });
  }

  function protect() {
    if (!picked) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    setPickMessage(({ note }) => ({ note }));
    trackEvent('feature_usage', { feature: 'imageshield', action: 'protect' });
    protection.mutate(
      { file: picked.file, level, signal: controller.signal, onProgress: setProgress },
      { onSuccess: (response) => setRemaining(response.remainingTries) },
    );
  }

  function download() {
    if (!result) return;
    try {
      saveDataUrl(result.image.dataUrl, result.image.filename);
    } catch {
      toast.error(mediaTexts.downloadFailed, { description: mediaTexts.downloadFailedText });
    }
  }

  function tryAnother() {
    protection.reset();
    setPicked(null);
    setPickMessage({});
    formHeading.current?.focus();
  }

  const failure =
    protection.isError && !isAbort(protection.error) ? userFacingMessage(protection.error) : null;

  return (
    <PageLayout
      title="ImageShield"
      description="Make a copy of your photo that reverse image search and repost detectors no longer match, and see the measured result before you post it."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <ProtectCard
          file={picked?.file ?? null}
          previewUrl={picked?.url ?? null}
          onFiles={handleFiles}
          level={level}
          onLevelChange={setLevel}
          progress={protection.isPending ? progress : null}
          onProtect={protect}
          onCancel={() => abort.current?.abort()}
          hasResult={result !== undefined}
          note={pickMessage.note ?? null}
          error={pickMessage.error ?? failure}
          triesText={triesText(remaining, user !== null)}
          headingRef={formHeading}
        />
        <div className="lg:row-span-2">
          {result ? (
            <ResultCard
              result={result}
              beforeUrl={picked?.url ?? null}
              onDownload={download}
              onTryAnother={tryAnother}
              headingRef={resultHeading}
            />
          ) : (
            <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-zinc-200 p-8 text-center dark:border-zinc-800">
              {protection.isPending ? (
                <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-rose-500" />
              ) : (
                <ScanSearch aria-hidden="true" className="size-10 text-zinc-300 dark:text-zinc-700" />
              )}
              <p className="max-w-xs text-sm text-zinc-500 dark:text-zinc-400">
                {protection.isPending
                  ? 'Your before and after appears here in a few seconds.'
                  : 'Your photo and its protected copy will appear here side by side, with what each fingerprint detector measured.'}
              </p>
            </div>
          )}
        </div>
        <div className="lg:col-start-1">
          <AboutCard signedIn={user !== null} />
        </div>
      </div>
    </PageLayout>
  );
}
