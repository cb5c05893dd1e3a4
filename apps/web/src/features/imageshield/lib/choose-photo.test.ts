import { describe, expect, it } from 'vitest';
import { maxUploadBytes } from '@app/shared/media';
import { choosePhoto } from './choose-photo';

function fileOf(name: string, type: string, size?: number): File {
  const file = new File(['pixels'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('choosePhoto', () => {
  it('takes one image', () => {
    const file = fileOf('a.jpg', 'image/jpeg');
    expect(choosePhoto([file])).toEqual({ file });
  });

  it('takes the first image of several and says so', () => {
    const photo = fileOf('b.png', 'image/png');
    expect(choosePhoto([fileOf('notes.txt', 'text/plain'), photo, fileOf('c.png', 'image/png')])).toEqual({
      file: photo,
      note: 'One photo at a time: b.png was chosen.',
    });
  });

  it('refuses non-images, SVG drawings and files over 50 MB, saying what to do', () => {
    expect(choosePhoto([fileOf('clip.mp4', 'video/mp4')])).toEqual({
      error: 'clip.mp4 is not a photo. Choose a JPEG, PNG, WebP, GIF or AVIF image.',
    });
    expect(choosePhoto([fileOf('logo.svg', 'image/svg+xml')])).toMatchObject({
      error: /Export it as PNG or JPEG/,
    });
    expect(choosePhoto([fileOf('huge.jpg', 'image/jpeg', maxUploadBytes + 1)])).toMatchObject({
      error: /larger than 50 MB/,
    });
  });

  it('sends a file without a type: the server reads its content', () => {
    const file = fileOf('photo.heic', '');
    expect(choosePhoto([file])).toEqual({ file });
  });
});
