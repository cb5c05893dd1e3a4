export type WatermarkCorner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A visible mark in one corner, sized to the picture, readable on light and dark. */
export function watermarkSvg(width: number, height: number, text: string, corner: WatermarkCorner = 'bottom-right'): Buffer {
  const fontSize = Math.max(14, Math.round(Math.min(width, height) * 0.045));
  const margin = Math.round(fontSize * 0.8);
  const right = corner.endsWith('right');
  const x = right ? width - margin : margin;
  const y = corner.startsWith('bottom') ? height - margin : margin + fontSize;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="${x}" y="${y}" text-anchor="${right ? 'end' : 'start'}" font-family="DejaVu Sans, sans-serif" ` +
      `font-weight="bold" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.75" stroke="#000000" ` +
      `stroke-opacity="0.45" stroke-width="${Math.max(1, fontSize / 18)}">${escapeXml(text)}</text></svg>`,
  );
}
