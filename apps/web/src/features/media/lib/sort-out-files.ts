import { maxUploadBytes } from '@app/shared/media';
import { formatBytes } from '../../../lib/format/size';

export type MediaKind = 'image' | 'video';

export interface RejectedFile {
  file: File;
  reason: 'type' | 'size';
  /** Says why the file was skipped and what to do instead. */
  message: string;
}

const kindNames: Record<MediaKind, string> = { image: 'an image', video: 'a video' };

function typeMessage(file: File, kinds: readonly MediaKind[]): string {
  const wanted = kinds.map((kind) => kindNames[kind]).join(' or ');
  return `${file.name} is not ${wanted}, so it was skipped. Choose ${wanted} file instead.`;
}

export function tooLargeMessage(file: File): string {
  return `${file.name} is larger than ${formatBytes(maxUploadBytes)}, so it was skipped. Upload a smaller or compressed version.`;
}

/**
 * Splits chosen or dropped files into those worth sending and those the server would refuse
 * anyway (wrong kind, over the 50 MB limit). A file without a type is sent: the server reads its
 * content and explains when it cannot take it.
 */
export function sortOutFiles(files: readonly File[], kinds: readonly MediaKind[]) {
  const accepted: File[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    const kindOk = file.type === '' || kinds.some((kind) => file.type.startsWith(`${kind}/`));
    if (!kindOk) rejected.push({ file, reason: 'type', message: typeMessage(file, kinds) });
    else if (file.size > maxUploadBytes)
      rejected.push({ file, reason: 'size', message: tooLargeMessage(file) });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** The picker's accept attribute for these kinds. */
export function acceptFor(kinds: readonly MediaKind[]): string {
  return kinds.map((kind) => `${kind}/*`).join(',');
}
