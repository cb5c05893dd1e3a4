import sharp from 'sharp';

/** A noisy ~1.5 MB phone photo with GPS in its EXIF, so uploads take long enough to watch. */
export async function phonePhoto(file: string, hue: number) {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const noise = (i * 2654435761) % 97;
    pixels[i] = (hue + noise) & 0xff;
    pixels[i + 1] = (hue * 3 + noise * 2) & 0xff;
    pixels[i + 2] = (hue * 7 + noise * 5) & 0xff;
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 98 })
    .withMetadata({
      exif: { IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } },
    })
    .toFile(file);
}
