import { describe, expect, it } from 'vitest';
import { maxUploadBytes } from '@app/shared/media';
import { acceptFor, sortOutFiles } from './sort-out-files';

function fileOf(name: string, type: string, size = 10): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('sortOutFiles', () => {
  it('keeps files of the wanted kinds within the limit, and files without a type', () => {
    const files = [fileOf('a.png', 'image/png'), fileOf('b.mp4', 'video/mp4'), fileOf('c.heic', '')];
    const { accepted, rejected } = sortOutFiles(files, ['image', 'video']);
    expect(accepted.map((file) => file.name)).toEqual(['a.png', 'b.mp4', 'c.heic']);
    expect(rejected).toEqual([]);
  });

  it('skips other kinds and files over 50 MB, saying why', () => {
    const files = [
      fileOf('clip.mp4', 'video/mp4'),
      fileOf('notes.pdf', 'application/pdf'),
      fileOf('huge.png', 'image/png', maxUploadBytes + 1),
      fileOf('edge.png', 'image/png', maxUploadBytes),
    ];
    const { accepted, rejected } = sortOutFiles(files, ['image']);
    expect(accepted.map((file) => file.name)).toEqual(['edge.png']);
    expect(rejected.map(({ file, reason }) => [file.name, reason])).toEqual([
      ['clip.mp4', 'type'],
      ['notes.pdf', 'type'],
      ['huge.png', 'size'],
    ]);
    expect(rejected[2]?.message).toBe(
      'huge.png is larger than 50 MB, so it was skipped. Upload a smaller or compressed version.',
    );
    expect(rejected[1]?.message).toBe(
      'notes.pdf is not an image, so it was skipped. Choose an image file instead.',
    );
  });

  it('builds the accept attribute', () => {
    expect(acceptFor(['image'])).toBe('image/*');
    expect(acceptFor(['image', 'video'])).toBe('image/*,video/*');
  });
});
