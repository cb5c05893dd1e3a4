import { describe, expect, it } from 'vitest';
import { measuredProtectionText, type ProtectionReport } from './media';

const hash = (name: ProtectionReport['hashes'][number]['name'], matches: boolean) => ({
  name,
  distance: matches ? 2 : 30,
  bits: 64,
  threshold: 10,
  matches,
});

describe('measuredProtectionText', () => {
  it('names what was evaded and what still matches, never claiming more', () => {
    const text = measuredProtectionText({
      hashes: [hash('pdq', false), hash('phash', false), hash('ahash', true)],
    });
    expect(text).toBe(
      'Your copy no longer matches the original under PDQ (Meta) and pHash; aHash still matches it.',
    );
    expect(text).not.toMatch(/protected against reverse searches/);
  });

  it('says when every measured fingerprint was evaded, and when none was', () => {
    expect(measuredProtectionText({ hashes: [hash('pdq', false), hash('dhash', false)] })).toBe(
      'Your copy no longer matches the original under any of the 2 fingerprints we measured (PDQ (Meta) and dHash). Search comparing local details or using AI may still find it.',
    );
    expect(measuredProtectionText({ hashes: [hash('ahash', true)] })).toBe(
      'Your copy still matches the original under every fingerprint we measured (aHash). Try a stronger level.',
    );
  });
});
