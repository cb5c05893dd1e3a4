import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Notice, NoticeLineStyle } from '@app/shared/dmca-notice';
import { toWinAnsi } from '@app/shared/win-ansi';

/** US Letter, with one-inch margins: what a US host's copyright agent expects to print. */
const page = { width: 612, height: 792, margin: 72 } as const;
const textWidth = page.width - 2 * page.margin;

const looks: Record<NoticeLineStyle, { size: number; bold: boolean; gapBefore: number }> = {
  title: { size: 16, bold: true, gapBefore: 0 },
  heading: { size: 12, bold: true, gapBefore: 2 },
  body: { size: 11, bold: false, gapBefore: 0 },
  bullet: { size: 11, bold: false, gapBefore: 0 },
  blank: { size: 11, bold: false, gapBefore: 0 },
};
const lineHeight = (size: number) => size * 1.35;
const bulletIndent = 14;

/**
 * Breaks a line into pieces that fit the width: at spaces where it can, inside a word (a long
 * address has no spaces) where it must.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const joined = current ? `${current} ${word}` : word;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (!fits(rest)) {
      // The longest start that fits, by halving: a 2,000-character address stays quick.
      let [low, high] = [1, rest.length - 1];
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (fits(rest.slice(0, middle))) low = middle;
        else high = middle - 1;
      }
      lines.push(rest.slice(0, low));
      rest = rest.slice(low);
    }
    current = rest;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** The notice's lines as a PDF, page after page; text the fonts cannot show is written in WinAnsi. */
export async function renderNoticePdf(notice: Notice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(notice.subject).text);
  doc.setCreator('Creator Studio');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let current: PDFPage = doc.addPage([page.width, page.height]);
  let y = page.height - page.margin;
  const room = (height: number) => {
    if (y - height >= page.margin) return;
    current = doc.addPage([page.width, page.height]);
    y = page.height - page.margin;
  };

  for (const line of notice.lines) {
    const look = looks[line.style];
    const font = look.bold ? bold : regular;
    const height = lineHeight(look.size);
    if (line.style === 'blank') {
      y -= height * 0.6;
      continue;
    }
    y -= look.gapBefore;
    const indent = line.style === 'bullet' ? bulletIndent : 0;
    const pieces = wrapText(toWinAnsi(line.text).text, font, look.size, textWidth - indent);
    pieces.forEach((piece, index) => {
      room(height);
      y -= height;
      if (line.style === 'bullet' && index === 0)
        current.drawText('-', { x: page.margin, y, size: look.size, font, color: rgb(0, 0, 0) });
      current.drawText(piece, { x: page.margin + indent, y, size: look.size, font, color: rgb(0, 0, 0) });
    });
  }
  return doc.save();
}
