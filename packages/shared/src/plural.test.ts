import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

const images = { one: 'image', other: 'images' };

describe('plural', () => {
  it('picks the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, images)).toBe('image');
    expect(plural(0, images)).toBe('images');
    expect(plural(2, images)).toBe('images');
    expect(plural(1.5, images)).toBe('images');
  });

  it('writes the count with its noun', () => {
    expect(countOf(1, { one: 'post', other: 'posts' })).toBe('1 post');
    expect(countOf(3, { one: 'post', other: 'posts' })).toBe('3 posts');
  });
});
