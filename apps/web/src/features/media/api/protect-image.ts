import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  discardPreviewResponseSchema,
  imageshieldTexts,
  protectImageResponseSchema,
  protectionPreviewResponseSchema,
  type ProtectImageRequest,
} from '@app/shared/imageshield';
import { mediaTexts, type ProtectionLevel } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { updateCachedAsset } from './get-media';
import { storageUsageQueryKey } from './get-storage-usage';
import { photoCopiesKey } from './photo-copies';

export interface ProtectImageInput {
  id: string;
  level: ProtectionLevel;
  /** Paid plans' choice; left out for Free plans, whose copies are always watermarked. */
  watermark?: boolean;
}

/**
 * POST /api/protect-image/{id}/preview: makes and measures a protected copy without using it yet;
 * she sees it beside the original and keeps or discards it (docs/leak-tracing.md#previews).
 */
export async function previewProtection({ id, level, watermark }: ProtectImageInput) {
  const body: ProtectImageRequest = { protectionLevel: level };
  if (watermark !== undefined) body.watermark = watermark;
  return apiRequest('POST', `/api/protect-image/${encodeURIComponent(id)}/preview`, {
    body,
    schema: protectionPreviewResponseSchema,
  });
}

export function usePreviewProtection() {
  return useMutation({
    mutationFn: previewProtection,
    onError: (error) => toast.error(mediaTexts.protectionFailed, { description: userFacingMessage(error) }),
  });
}

const previewPath = (previewId: string) => `/api/protect-image/previews/${encodeURIComponent(previewId)}`;

/** POST …/previews/{previewId}/keep: the preview becomes the photo's protected copy. */
export function useKeepPreview(assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (previewId: string) =>
      apiRequest('POST', `${previewPath(previewId)}/keep`, { schema: protectImageResponseSchema }),
    onSuccess: ({ protectedUrl, protectionLevel, report }) => {
      // The entry gets the level, the flag and the protected URL, which the dialog shows in place of
      // the image. signedUrl stays the original's, so Before/After can still compare them.
      updateCachedAsset(queryClient, assetId, (asset) => ({
        ...asset,
        protectionLevel,
        isProtected: true,
        protectedUrl,
        protectionReport: report,
      }));
      toast.success(mediaTexts.imageProtected, { description: imageshieldTexts.previewKept });
    },
    onError: (error) => toast.error(mediaTexts.protectionFailed, { description: userFacingMessage(error) }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: photoCopiesKey(assetId) });
      await queryClient.invalidateQueries({ queryKey: storageUsageQueryKey });
    },
  });
}

/** DELETE …/previews/{previewId}: the preview is deleted; the photo stays as it was. */
export function useDiscardPreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (previewId: string) =>
      apiRequest('DELETE', previewPath(previewId), { schema: discardPreviewResponseSchema }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(mediaTexts.protectionFailed, { description: userFacingMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storageUsageQueryKey }),
  });
}
