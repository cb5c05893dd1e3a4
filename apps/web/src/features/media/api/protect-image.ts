import { useMutation, useQueryClient } from '@tanstack/react-query';
import { protectImageResponseSchema, type ProtectImageRequest } from '@app/shared/imageshield';
import { mediaTexts, type ProtectionLevel } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { updateCachedAsset } from './get-media';

export interface ProtectImageInput {
  id: string;
  level: ProtectionLevel;
  /** Paid plans' choice; left out for Free plans, whose copies are always watermarked. */
  watermark?: boolean;
}

/** POST /api/protect-image/{id}: makes a copy that resists reverse image search, and measures it. */
export async function protectImage({ id, level, watermark }: ProtectImageInput) {
  const body: ProtectImageRequest = { protectionLevel: level };
  if (watermark !== undefined) body.watermark = watermark;
  return apiRequest('POST', `/api/protect-image/${encodeURIComponent(id)}`, {
    body,
    schema: protectImageResponseSchema,
  });
}

export function useProtectImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: protectImage,
    onSuccess: ({ protectedUrl, message, protectionLevel, report }, { id }) => {
      // docs/product.md#gallery-and-media: the entry gets the level, the flag and the protected URL, which the dialog shows in
      // place of the image. signedUrl stays the original's, so Before/After can still compare them.
      updateCachedAsset(queryClient, id, (asset) => ({
        ...asset,
        protectionLevel,
        isProtected: true,
        protectedUrl,
        protectionReport: report,
      }));
      toast.success(mediaTexts.imageProtected, { description: message || mediaTexts.imageProtectedText });
    },
    onError: (error) => toast.error(mediaTexts.protectionFailed, { description: userFacingMessage(error) }),
  });
}
