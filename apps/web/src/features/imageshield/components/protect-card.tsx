import type { Ref } from 'react';
import { CircleAlert, Info, Shield, X } from 'lucide-react';
import { hashNames, mediaTexts, type ProtectionLevel } from '@app/shared/media';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { LevelPicker } from './level-picker';
import { PhotoPicker } from './photo-picker';

interface ProtectCardProps {
  file: File | null;
  previewUrl: string | null;
  onFiles: (files: File[]) => void;
  level: ProtectionLevel;
  onLevelChange: (level: ProtectionLevel) => void;
  /** Upload share 0–100 while protecting, else null. */
  progress: number | null;
  onProtect: () => void;
  onCancel: () => void;
  hasResult: boolean;
  note: string | null;
  error: string | null;
  triesText: string;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Step by step: one photo, a level, then Protect with real upload progress. */
export function ProtectCard({
  file,
  previewUrl,
  onFiles,
  level,
  onLevelChange,
  progress,
  onProtect,
  onCancel,
  hasResult,
  note,
  error,
  triesText,
  headingRef,
}: ProtectCardProps) {
  const busy = progress !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle
          ref={headingRef}
          tabIndex={-1}
          className="text-zinc-900 focus:outline-none dark:text-white"
        >
          Protect a photo
        </CardTitle>
        <CardDescription>
          Nothing is saved: your photo is processed, sent back to you, then discarded.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-2">
          <PhotoPicker file={file} previewUrl={previewUrl} disabled={busy} onFiles={onFiles} />
          {note && (
            <p className="flex items-start gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
              <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              {note}
            </p>
          )}
        </div>
        <LevelPicker value={level} onChange={onLevelChange} disabled={busy} />
        {error && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </div>
        )}
        <div className="space-y-3">
          <Button
            className="w-full"
            size="lg"
            disabled={!file || busy}
            aria-busy={busy || undefined}
            onClick={onProtect}
          >
            <Shield aria-hidden="true" className="size-5" />
            {busy ? mediaTexts.protecting : hasResult ? 'Protect again' : 'Protect photo'}
          </Button>
          {busy && file && (
            <div className="space-y-1.5">
              <Progress
                value={progress}
                label={`Uploading ${file.name}`}
                valueText={progress < 100 ? `${progress}%` : 'Measuring fingerprints'}
              />
              <div className="flex items-center justify-between gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                <span aria-live="polite">
                  {progress < 100
                    ? `Uploading... ${progress}%`
                    : `Protecting and measuring ${hashNames.length} fingerprints. This takes a few seconds.`}
                </span>
                <Button variant="ghost" size="sm" onClick={onCancel}>
                  <X aria-hidden="true" />
                  Cancel
                </Button>
              </div>
            </div>
          )}
          <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">{triesText}</p>
        </div>
      </CardContent>
    </Card>
  );
}
