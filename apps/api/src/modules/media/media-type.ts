import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { mediaErrors } from '@app/shared/media';
import { AppError } from '../../lib/app-error.js';
import { errorCodes } from '@app/shared/errors';

export interface AcceptedType {
  kind: 'image' | 'video';
  mime: string;
  /** The extension the stored file gets, whatever the uploaded name said. */
  ext: string;
}

/** What we store. SVG is deliberately absent: it is a script-capable document, not a picture. */
const acceptedTypes: Record<string, AcceptedType> = {
  'image/jpeg': { kind: 'image', mime: 'image/jpeg', ext: 'jpg' },
  'image/png': { kind: 'image', mime: 'image/png', ext: 'png' },
  'image/webp': { kind: 'image', mime: 'image/webp', ext: 'webp' },
  'image/gif': { kind: 'image', mime: 'image/gif', ext: 'gif' },
  'image/avif': { kind: 'image', mime: 'image/avif', ext: 'avif' },
  'video/mp4': { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  'video/x-m4v': { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  'video/webm': { kind: 'video', mime: 'video/webm', ext: 'webm' },
  'video/quicktime': { kind: 'video', mime: 'video/quicktime', ext: 'mov' },
};

/** file-type needs only the first few kilobytes. */
const sniffBytes = 64 * 1024;

async function headOf(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(sniffBytes);
    const { bytesRead } = await handle.read(buffer, 0, sniffBytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function looksLikeSvg(head: Uint8Array): boolean {
  const text = Buffer.from(head.subarray(0, 4096)).toString('utf8').toLowerCase();
  return /<svg[\s>]/.test(text);
}

/**
 * The type comes from the file's bytes, never from its name or the browser's Content-Type:
 * an executable called photo.png is refused, a PNG called photo.jpg is stored as the PNG it is.
 */
export async function detectMediaType(path: string): Promise<AcceptedType> {
  const head = await headOf(path);
  const detected = await fileTypeFromBuffer(head);
  const accepted = detected ? acceptedTypes[detected.mime] : undefined;
  if (accepted) return accepted;
  if (looksLikeSvg(head)) throw new AppError(415, mediaErrors.svgRefused, errorCodes.unsupportedMediaType);
  throw new AppError(415, mediaErrors.unsupportedType, errorCodes.unsupportedMediaType);
}
