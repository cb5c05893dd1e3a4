import { maxUploadBytes } from '@app/shared/media';
import { formatBytes } from '../../../lib/format/size';

export type PhotoChoice = { file: File; note?: string } | { error: string };

function isImage(file: File): boolean {
  // A file without a type is sent: the server reads its content and explains when it cannot.
  return file.type === '' || file.type.startsWith('image/');
}

/**
 * The try-out takes one photo: picks the first image among the chosen or dropped files and
 * refuses, with what to do instead, what the server would refuse anyway.
 */
export function choosePhoto(files: readonly File[]): PhotoChoice {
  const file = files.find(isImage);
  if (!file) {
    const name = files[0]?.name ?? 'This file';
    return { error: `${name} is not a photo. Choose a JPEG, PNG, WebP, GIF or AVIF image.` };
  }
  if (file.type === 'image/svg+xml')
    return { error: `${file.name} is an SVG drawing. Export it as PNG or JPEG, then choose that file.` };
  if (file.size > maxUploadBytes)
    return {
      error: `${file.name} is larger than ${formatBytes(maxUploadBytes)}. Choose a smaller or compressed version.`,
    };
  return files.length > 1 ? { file, note: `One photo at a time: ${file.name} was chosen.` } : { file };
}
