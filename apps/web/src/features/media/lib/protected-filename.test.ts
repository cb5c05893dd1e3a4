import { describe, expect, it } from 'vitest';
import { protectedFilename } from './protected-filename';

describe('protectedFilename', () => {
  it('adds -protected and takes the extension from the copy’s type', () => {
    expect(protectedFilename('beach.jpg', 'image/jpeg')).toBe('beach-protected.jpg');
    expect(protectedFilename('beach.webp', 'image/png')).toBe('beach-protected.png');
    expect(protectedFilename('my.holiday.PNG', 'image/jpeg; charset=binary')).toBe(
      'my.holiday-protected.jpg',
    );
  });

  it('keeps the original extension when the type is unknown', () => {
    expect(protectedFilename('beach.jpeg', '')).toBe('beach-protected.jpeg');
    expect(protectedFilename('beach', 'application/octet-stream')).toBe('beach-protected');
    expect(protectedFilename('.hidden', '')).toBe('.hidden-protected');
  });
});
