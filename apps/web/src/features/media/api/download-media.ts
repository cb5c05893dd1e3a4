import { useMutation } from '@tanstack/react-query';
import { mediaTexts, type MediaAsset } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';

/**
 * Fetches the signed download URL and saves the blob under the asset's filename. Going through a
 * blob (rather than a link) lets a failure show a toast instead of a broken browser download.
 */
export async function downloadMedia({ downloadUrl, filename }: Pick<MediaAsset, 'downloadUrl' | 'filename'>) {
  const response = await fetch(downloadUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed with ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: the click has handed the blob to the browser's download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export function useDownloadMedia() {
  return useMutation({
    mutationFn: downloadMedia,
    onError: () => toast.error(mediaTexts.downloadFailed, { description: mediaTexts.downloadFailedText }),
  });
}
