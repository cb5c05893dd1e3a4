import { useMutation } from '@tanstack/react-query';
import { mediaTexts } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { protectedFilename } from '../lib/protected-filename';
import { saveBlob } from '../../../lib/save-blob';

export interface ProtectedCopy {
  protectedUrl: string;
  /** The original's name; the copy is saved as "<stem>-protected.<ext>". */
  filename: string;
}

/** Fetches the signed protected copy and saves it next to (not instead of) the original. */
export async function downloadProtectedCopy({ protectedUrl, filename }: ProtectedCopy) {
  const response = await fetch(protectedUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed with ${response.status}`);
  const blob = await response.blob();
  saveBlob(blob, protectedFilename(filename, blob.type || (response.headers.get('content-type') ?? '')));
}

export function useDownloadProtectedCopy() {
  return useMutation({
    mutationFn: downloadProtectedCopy,
    onError: () => toast.error(mediaTexts.downloadFailed, { description: mediaTexts.downloadFailedText }),
  });
}
