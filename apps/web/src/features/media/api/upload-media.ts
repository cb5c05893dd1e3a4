import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadMediaResponseSchema, type UploadMediaResponse } from '@app/shared/media';
import { parseResponse } from '../../../lib/request';
import { uploadWithProgress, type UploadOptions } from '../../../lib/upload-with-progress';
import { placeInMediaLists } from './media-lists-cache';
import { mediaTagsQueryKey } from './get-media-tags';
import { storageUsageQueryKey } from './get-storage-usage';

export interface UploadMediaInput {
  file: File;
  /** The raw comma-separated tags field; left out when empty. */
  tags?: string;
  /** The enterprise media tab asks for a watermark on everything it uploads. */
  watermark?: boolean;
}

export interface UploadMediaVariables extends UploadMediaInput, UploadOptions {}

/** POST /api/media/upload: one file per request, its text fields before the file part. */
export async function uploadMedia({
  file,
  tags,
  watermark,
  ...options
}: UploadMediaVariables): Promise<UploadMediaResponse> {
  const form = new FormData();
  // The server reads the fields as they stream in, so they must come before the file.
  if (tags?.trim()) form.append('tags', tags.trim());
  if (watermark) form.append('watermark', 'true');
  form.append('file', file, file.name);
  const body = await uploadWithProgress('/api/media/upload', form, options);
  return parseResponse(uploadMediaResponseSchema, body);
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSuccess: ({ asset }) => {
      // Shown at once on top of every list it belongs to (newest first); the usage is read again.
      placeInMediaLists(queryClient, asset);
      void queryClient.invalidateQueries({ queryKey: storageUsageQueryKey });
      if (asset.tags.length > 0) void queryClient.invalidateQueries({ queryKey: mediaTagsQueryKey });
    },
  });
}
