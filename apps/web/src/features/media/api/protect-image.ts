import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { httpMessages } from '@app/shared/messages';
import { mediaTexts, protectionLevelSchema, type ProtectionLevel } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { updateCachedAsset } from './get-media';

const protectResponseSchema = z.object({
  protectedUrl: z.string().min(1),
  message: z.string().optional(),
  protectionLevel: protectionLevelSchema.optional(),
});

export interface ProtectImageInput {
  id: string;
  level: ProtectionLevel;
}

/** POST /api/protect-image/{id}: makes a copy that resists reverse image search. */
export async function protectImage({ id, level }: ProtectImageInput) {
  const body = await apiRequest('POST', `/api/protect-image/${encodeURIComponent(id)}`, {
    protectionLevel: level,
  });
  const parsed = protectResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
}

export function useProtectImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: protectImage,
    onSuccess: ({ protectedUrl, message, protectionLevel }, { id, level }) => {
      // Spec 4: the entry gets the level and the flag, and the protected copy replaces the image.
      updateCachedAsset(queryClient, id, (asset) => ({
        ...asset,
        protectionLevel: protectionLevel ?? level,
        isProtected: true,
        signedUrl: protectedUrl,
      }));
      toast.success(mediaTexts.imageProtected, { description: message || mediaTexts.imageProtectedText });
    },
    onError: (error) => toast.error(mediaTexts.protectionFailed, { description: userFacingMessage(error) }),
  });
}
