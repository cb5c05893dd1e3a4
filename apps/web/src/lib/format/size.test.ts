import { describe, expect, it } from 'vitest';
import { formatBytes, formatKilobytes } from './size';

describe('formatKilobytes', () => {
  it.each([
    [0, '0 KB'],
    [10, '1 KB'],
    [300, '1 KB'],
    [1_572_864, '1,536 KB'],
    [250_880, '245 KB'],
    [5 * 1024 * 1024, '5,120 KB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(formatKilobytes(bytes, 'en-US')).toBe(text);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1.5 KB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
    [50 * 1024 ** 3, '50 GB'],
    [950 * 1024, '950 KB'],
    [4.2 * 1024 * 1024, '4.2 MB'],
    [50 * 1024 * 1024, '50 MB'],
    [2 * 1024 ** 3, '2 GB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes, 'en-US')).toBe(text);
  });

  it('uses the reader’s decimal separator', () => {
    expect(formatBytes(4.2 * 1024 * 1024, 'de-DE')).toBe('4,2 MB');
  });
});
