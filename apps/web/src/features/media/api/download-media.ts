import { useMutation } from '@tanstack/react-query';
import { mediaTexts, type MediaAsset } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { saveBlob } from '../../../lib/save-blob';

/**
 * Fetches the signed download URL and saves the blob under the asset's filename. Going through a
 * blob (rather than a link) lets a failure show a toast instead of a broken browser download.
 */
export async function downloadMedia({ downloadUrl, filename }: Pick<MediaAsset, 'downloadUrl' | 'filename'>) {
  const response = await fetch(downloadUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed with ${response.status}`);
  saveBlob(await response.blob(), filename);
}

export function useDownloadMedia() {
  return useMutation({
    mutationFn: downloadMedia,
    onError: () => toast.error(mediaTexts.downloadFailed, { description: mediaTexts.downloadFailedText }),
  });
}
