import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  brandVoiceResponseSchema,
  brandVoiceTexts,
  type BrandVoiceSettings,
  type UpdateBrandVoice,
} from '@app/shared/brand-voice';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { brandVoiceQueryKey } from './get-brand-voice';

/** PUT /api/user/brand-voice: the whole voice; answers it as saved (trimmed, repeats left out). */
export async function updateBrandVoice(voice: UpdateBrandVoice): Promise<BrandVoiceSettings> {
  const body = await apiRequest('PUT', brandVoiceQueryKey[0], {
    body: voice,
    schema: brandVoiceResponseSchema,
  });
  return body.voice;
}

const failureToastId = 'brand-voice-save-failed';

/** The API names a refused field first ("useWords.3: Each word must be…"); the toast needs only why. */
export function withoutFieldName(message: string): string {
  return message.replace(/^[\w.]+: /, '');
}

export function useUpdateBrandVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrandVoice,
    onMutate: () => {
      toast.dismiss(failureToastId);
    },
    onSuccess: (voice) => {
      queryClient.setQueryData(brandVoiceQueryKey, voice);
      toast.success(brandVoiceTexts.saved, { description: brandVoiceTexts.savedText });
    },
    onError: (error) => {
      toast.error(brandVoiceTexts.saveFailed, {
        id: failureToastId,
        description: withoutFieldName(userFacingMessage(error)),
      });
    },
  });
}
