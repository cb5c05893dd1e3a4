import type { ByteRange } from '../../adapters/storage/media-storage.js';

/**
 * One `Range: bytes=…` of a file of `total` bytes (what video players send to seek).
 * undefined: no usable range, answer the whole file; 'unsatisfiable': answer 416.
 */
export function parseByteRange(
  header: string | undefined,
  total: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(first);
  const end = last === '' ? total - 1 : Math.min(Number(last), total - 1);
  if (start >= total || start > end) return 'unsatisfiable';
  return { start, end };
}
