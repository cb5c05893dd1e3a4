import type { TryProtectionResponse } from '@app/shared/imageshield';
import type { ProtectionLevel } from '@app/shared/media';
import { parseResponse } from '../../../lib/request';
import { uploadWithProgress, type UploadOptions } from '../../../lib/upload-with-progress';

export interface TryProtectionVariables extends UploadOptions {
  file: File;
  level: ProtectionLevel;
}

/**
 * POST /api/imageshield/try: protects one photo without saving anything, for visitors too.
 * Through XHR (with the CSRF header like every POST) so the page can show real upload progress.
 * The page loads this module (and the upload helper) once a photo is chosen (decision 033).
 */
export async function tryProtection({
  file,
  level,
  ...options
}: TryProtectionVariables): Promise<TryProtectionResponse> {
  const form = new FormData();
  // The server reads the level as the form streams in, so it must come before the file.
  form.append('protectionLevel', level);
  form.append('file', file, file.name);
  const body = await uploadWithProgress('/api/imageshield/try', form, options);
  // The contract (and zod) comes with the answer, not with a visitor's first page (decision 033).
  const { tryProtectionResponseSchema } = await import('@app/shared/imageshield');
  return parseResponse(tryProtectionResponseSchema, body);
}
