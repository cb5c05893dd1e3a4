import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import { mediaErrors } from '@app/shared/media';
import { AppError } from '../../lib/app-error.js';

export interface ReceivedUpload {
  tempPath: string;
  bytes: number;
  /** The name the browser sent, unsanitised: only ever used to derive a display name. */
  clientFilename: string;
  fields: Record<string, string>;
}

const fileFieldName = 'file';

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Streams the multipart body's one file straight to a temporary file (never into memory) and
 * collects the text fields, whichever order they come in. The temporary file is removed if
 * anything goes wrong; on success the caller owns (and must remove) it.
 */
export async function receiveUpload(request: FastifyRequest, tempDir: string): Promise<ReceivedUpload> {
  await mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | undefined;
  let tempPath: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileFieldName || received) {
        part.file.resume();
        throw AppError.badRequest(received ? mediaErrors.oneFileOnly : mediaErrors.noFile);
      }
      tempPath = path.join(tempDir, `${randomUUID()}.upload`);
      const target = createWriteStream(tempPath, { flags: 'wx' });
      await pipeline(part.file, target);
      received = { tempPath, bytes: target.bytesWritten, clientFilename: part.filename ?? '' };
    }
    if (!received) throw AppError.badRequest(mediaErrors.noFile);
    return { ...received, fields };
  } catch (error) {
    if (tempPath) await rm(tempPath, { force: true });
    if (isFileTooLarge(error)) throw new AppError(413, mediaErrors.tooLarge, errorCodes.payloadTooLarge);
    throw error;
  }
}
