import { describe, expect, it } from 'vitest';
import { trimChars, trimEndChars } from './trim-chars';

describe('trimming characters', () => {
  it('trims a set of characters from the end only', () => {
    expect(trimEndChars('https://studio.example///', '/')).toBe('https://studio.example');
    expect(trimEndChars('Tonight,;: ', ',;:')).toBe('Tonight,;: ');
    expect(trimEndChars('Tonight,;:', ',;:')).toBe('Tonight');
    expect(trimEndChars(',,,', ',')).toBe('');
    expect(trimEndChars('', ',')).toBe('');
  });

  it('trims a set of characters from both ends', () => {
    expect(trimChars('__ana-_', '_-')).toBe('ana');
    expect(trimChars('a_b', '_')).toBe('a_b');
    expect(trimChars('___', '_')).toBe('');
  });

  it('handles a long run in one pass', () => {
    const run = '/'.repeat(1_000_000);
    expect(trimEndChars(`x${run}`, '/')).toBe('x');
    expect(trimChars(`${run}x${run}`, '/')).toBe('x');
  });
});
