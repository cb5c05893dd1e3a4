import { hashNames, type HashName, type ProtectionReport } from '@app/shared/media';

const bits: Record<HashName, number> = {
  pdq: 256,
  phash: 64,
  dhash: 64,
  ahash: 64,
  dhash256: 256,
  blockhash256: 256,
};

/** A measured report: nothing matches unless `matched` names hashes that still do. */
export function makeReport({
  matched = [],
  ...overrides
}: Partial<ProtectionReport> & { matched?: HashName[] } = {}): ProtectionReport {
  const hashes = hashNames.map((name) => {
    const matches = matched.includes(name);
    const threshold = Math.round(bits[name] / 6);
    return { name, bits: bits[name], threshold, distance: matches ? threshold - 2 : threshold * 3, matches };
  });
  return {
    hashes,
    matchesOriginal: matched.length > 0,
    attempts: 1,
    watermarked: false,
    protectedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}
