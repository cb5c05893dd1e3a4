import { describe, expect, it } from 'vitest';
import { formatBytes, formatKilobytes } from './format-size';

describe('formatKilobytes', () => {
  it.each([
    [0, '0 KB'],
    [300, '1 KB'],
    [250_880, '245 KB'],
    [1_572_864, '1536 KB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatKilobytes(bytes)).toBe(text);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [900, '900 B'],
    [1536, '1.5 KB'],
    [52_428_800, '50 MB'],
    [4_404_019, '4.2 MB'],
    [2 * 1024 ** 3, '2 GB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
    [50 * 1024 ** 3, '50 GB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
