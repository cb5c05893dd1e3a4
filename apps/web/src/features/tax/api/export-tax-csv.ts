import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { ensureFreshAccessToken } from '../../../lib/access-token';
import { errorFromResponse, networkError } from '../../../lib/api-error';
import { saveBlob } from '../../../lib/save-blob';
import { taxErrorText } from './tax-request';

/**
 * GET /api/tax/export.csv?year=: read as text (apiRequest would parse JSON) and saved under the
 * server's file name.
 */
export async function exportTaxCsv(year: number): Promise<string> {
  const accessToken = await ensureFreshAccessToken();
  let response: Response;
  try {
    response = await fetch(`/api/tax/export.csv?year=${year}`, {
      credentials: 'include',
      headers: { Accept: 'text/csv', ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) },
    });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  const filename = `tax-tracker-${year}.csv`;
  saveBlob(await response.blob(), filename);
  return filename;
}

export function useExportTaxCsv() {
  return useMutation({
    mutationFn: exportTaxCsv,
    onSuccess: (filename) =>
      toast.success('CSV downloaded', { description: `${filename} is in your downloads.` }),
    onError: (error) => toast.error('Export failed', { description: taxErrorText(error) }),
  });
}
