import { hashBits, hashNames, type HashName, type ProtectionReport } from '@app/shared/media';

/** A measured report: nothing matches unless `matched` names hashes that still do. */
export function makeReport({
  matched = [],
  ...overrides
}: Partial<ProtectionReport> & { matched?: HashName[] } = {}): ProtectionReport {
  const hashes = hashNames.map((name) => {
    const matches = matched.includes(name);
    const threshold = Math.round(hashBits[name] / 6);
    return {
      name,
      bits: hashBits[name],
      threshold,
      distance: matches ? threshold - 2 : threshold * 3,
      matches,
    };
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
