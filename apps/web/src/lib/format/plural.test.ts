import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('writes the count in the reader’s digits with the matching noun', () => {
    expect(countOf(1, { one: 'community', other: 'communities' }, 'en-US')).toBe('1 community');
    expect(countOf(1204, { one: 'image', other: 'images' }, 'en-US')).toBe('1,204 images');
    expect(countOf(1204, { one: 'image', other: 'images' }, 'de-DE')).toBe('1.204 images');
  });
});
