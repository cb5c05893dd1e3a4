import { describe, expect, it } from 'vitest';
import { formatUtcTime } from './utc-time';

describe('formatUtcTime', () => {
  it('writes a moment readably with its zone named, never as raw ISO', () => {
    expect(formatUtcTime(new Date('2026-11-26T05:42:12.838Z'))).toBe('Nov 26, 2026, 05:42 UTC');
    expect(formatUtcTime(new Date('2026-01-02T23:05:00Z'))).toBe('Jan 2, 2026, 23:05 UTC');
  });
});
