import { useMutation } from '@tanstack/react-query';
import { leakCasePageTexts } from '@app/shared/leak-cases';
import { toast } from '../../../components/ui/toast';
import { ensureFreshAccessToken } from '../../../lib/access-token';
import { errorFromResponse, networkError } from '../../../lib/api-error';
import { saveBlob } from '../../../lib/save-blob';
import { leakCaseErrorText, leakCasesQueryRoot } from './leak-case-keys';

/**
 * GET /api/leak-cases/:id/notice.pdf: read as a blob (apiRequest would parse JSON) and saved
 * under the name the notice answer gave.
 */
export async function downloadLeakCasePdf({ id, fileName }: { id: string; fileName: string }) {
  const accessToken = await ensureFreshAccessToken();
  let response: Response;
  try {
    response = await fetch(`${leakCasesQueryRoot[0]}/${encodeURIComponent(id)}/notice.pdf`, {
      credentials: 'include',
      headers: {
        Accept: 'application/pdf',
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
    });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export function useDownloadLeakCasePdf() {
  return useMutation({
    mutationFn: downloadLeakCasePdf,
    onSuccess: (fileName) =>
      toast.success(leakCasePageTexts.downloaded, {
        description: leakCasePageTexts.downloadedText(fileName),
      }),
    onError: (error) =>
      toast.error(leakCasePageTexts.downloadFailed, { description: leakCaseErrorText(error) }),
  });
}
