import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { saveBlob } from '../../../lib/save-blob';
import { accountErrorText } from '../account-error-text';

/** GET /api/user/export: everything the account owns, saved as a JSON file (docs/product.md#settings). */
export async function exportAccount(username: string, now = new Date()): Promise<string> {
  const document = await apiRequest('GET', '/api/user/export');
  const filename = `creator-studio-export-${username}-${now.toISOString().slice(0, 10)}.json`;
  saveBlob(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }), filename);
  return filename;
}

export function useExportAccount() {
  return useMutation({
    mutationFn: (username: string) => exportAccount(username),
    onSuccess: (filename) =>
      toast.success('Export downloaded', {
        description: `${filename} is in your downloads. Its media links work for a limited time; export again for fresh ones.`,
      }),
    onError: (error) => toast.error('Export failed', { description: accountErrorText(error) }),
  });
}
