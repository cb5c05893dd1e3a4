// Generated edge cases: a flat logo, a text image, a transparent PNG, a JPEG with EXIF orientation
// 6, a tiny and a huge picture. The last four start from one of the downloaded photos.
import sharp from 'sharp';

export interface EdgeCase {
  name: string;
  data: Buffer;
  note: string;
}

const svg = (width: number, height: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);

function flatLogo(): Promise<Buffer> {
  const body =
    '<rect width="1200" height="800" fill="#ffffff"/>' +
    '<circle cx="330" cy="400" r="220" fill="#1f6feb"/>' +
    '<rect x="260" y="330" width="140" height="140" fill="#ffffff"/>' +
    '<polygon points="640,180 900,620 380,620" fill="#f2a900" transform="translate(260 0)"/>' +
    '<rect x="560" y="660" width="520" height="60" rx="30" fill="#d1242f"/>';
  return sharp(svg(1200, 800, body))
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

function textImage(): Promise<Buffer> {
  const lines = [
    'ImageShield benchmark — a text-only picture.',
    'Screenshots, quotes and memes are mostly flat',
    'background with sharp glyph edges: perceptual',
    'hashes see little structure to move, and a',
    '2° tilt shows on every line of text.',
    '0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ];
  const body =
    '<rect width="1600" height="1000" fill="#fbfbf8"/>' +
    lines
      .map(
        (line, i) =>
          `<text x="80" y="${150 + i * 140}" font-family="DejaVu Sans" font-size="64" fill="#111111">${line}</text>`,
      )
      .join('');
  return sharp(svg(1600, 1000, body))
    .flatten({ background: '#fbfbf8' })
    .png()
    .toBuffer();
}

/** A photo cut out as an ellipse on a transparent background (soft 8 px edge), 1600×1200 RGBA. */
async function transparentPng(photo: string): Promise<Buffer> {
  const rgb = await sharp(photo).resize(1600, 1200, { fit: 'cover' }).removeAlpha().raw().toBuffer();
  const mask = await sharp(svg(1600, 1200, '<ellipse cx="800" cy="600" rx="720" ry="520" fill="#fff"/>'))
    .blur(4)
    .extractChannel('alpha')
    .raw()
    .toBuffer();
  return sharp(rgb, { raw: { width: 1600, height: 1200, channels: 3 } })
    .joinChannel(mask, { raw: { width: 1600, height: 1200, channels: 1 } })
    .png()
    .toBuffer();
}

/** Stored 2400×1600 landscape with EXIF orientation 6: shown as a 1600×2400 portrait. */
function rotatedExif(photo: string): Promise<Buffer> {
  return sharp(photo)
    .resize(2400, 1600, { fit: 'cover' })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function tiny(photo: string): Promise<Buffer> {
  return sharp(photo).resize(64, 48, { fit: 'cover' }).jpeg({ quality: 92 }).toBuffer();
}

/** 8000×6000 = 48 MP, just under the 50 MP decode limit (a photo enlarged: the cost is the point). */
function huge(photo: string): Promise<Buffer> {
  return sharp(photo, { limitInputPixels: false })
    .resize(8000, 6000, { fit: 'cover', kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function edgeCases(photos: {
  cutout: string;
  rotated: string;
  tiny: string;
  huge: string;
}): Promise<EdgeCase[]> {
  return [
    { name: 'flat-logo', data: await flatLogo(), note: '1200×800 PNG, 5 flat colours' },
    { name: 'text', data: await textImage(), note: '1600×1000 PNG, black text on off-white' },
    {
      name: 'transparent',
      data: await transparentPng(photos.cutout),
      note: '1600×1200 RGBA PNG, elliptical cut-out',
    },
    {
      name: 'exif-rotated',
      data: await rotatedExif(photos.rotated),
      note: '2400×1600 JPEG, EXIF orientation 6',
    },
    { name: 'tiny', data: await tiny(photos.tiny), note: '64×48 JPEG' },
    { name: 'huge', data: await huge(photos.huge), note: '8000×6000 JPEG (48 MP)' },
  ];
}
