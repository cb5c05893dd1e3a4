import type { Ref } from 'react';
import { Download, RotateCcw } from 'lucide-react';
import type { TryProtectionResponse } from '@app/shared/imageshield';
import { mediaTexts } from '@app/shared/media';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { levelLabel } from '../lib/levels';
import { saveDataUrl } from '../lib/save-data-url';
import { BeforeAfter } from './before-after';
import { ProtectionResult } from '../../../components/protection-result';

interface ResultCardProps {
  result: TryProtectionResponse;
  beforeUrl: string | null;
  onTryAnother: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The before/after, what was measured, and what to do next with the copy. The page loads this
 * module, the download with it, when a photo is sent for protection (decision 033).
 */
export function ResultCard({ result, beforeUrl, onTryAnother, headingRef }: ResultCardProps) {
  const { image, report, protectionLevel } = result;
  const label = levelLabel(protectionLevel);

  function download() {
    try {
      saveDataUrl(image.dataUrl, image.filename);
    } catch {
      toast.error(mediaTexts.downloadFailed, { description: mediaTexts.downloadFailedText });
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle
          ref={headingRef}
          tabIndex={-1}
          className="text-zinc-900 focus:outline-none dark:text-white"
        >
          Before and after
        </CardTitle>
        <CardDescription>
          {label} · {image.width} × {image.height} px · saved as {image.filename}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <BeforeAfter
          beforeUrl={beforeUrl}
          afterUrl={image.dataUrl}
          afterLabel={label}
          width={image.width}
          height={image.height}
        />
        {/* The scope is stated in "How it works" beside this card. */}
        <ProtectionResult report={report} level={protectionLevel} showScope={false} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button className="sm:flex-1" onClick={download}>
            <Download aria-hidden="true" className="size-4" />
            Download
          </Button>
          <Button variant="outline" className="sm:flex-1" onClick={onTryAnother}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Try another
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
