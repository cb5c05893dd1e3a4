import sharp from 'sharp';

/** A landscape drawn in flat shapes: sky, sun, grass and a hill (the model calls it Neutral, about 0.82). */
export function drawnLandscape(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">
    <rect width="400" height="300" fill="#87ceeb"/><circle cx="320" cy="70" r="40" fill="#ffd700"/>
    <rect y="220" width="400" height="80" fill="#228b22"/><polygon points="100,220 160,140 220,220" fill="#8b4513"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** One flat colour (the model calls it Drawing, about 0.90). */
export function flatColour(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
}
