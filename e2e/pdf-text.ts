import type { Page } from '@playwright/test';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A page printed by Chromium to PDF and read back with pdf.js: its text in reading order, its pages and images. */

export interface PdfFacts {
  pages: number;
  text: string;
  images: number;
  /** The first page's size in points. */
  width: number;
  height: number;
}

interface Item {
  str: string;
  dir: string;
  x: number;
  y: number;
  width: number;
}

/**
 * One page's text as a reader reads it. pdf.js gives each run of glyphs in logical order but the
 * runs in the order Chromium drew them (left to right): the runs are put back into lines by their
 * baseline, and a line with right-to-left runs is read from its right edge; a gap between two runs
 * is a space.
 */
function pageText(items: Item[]): string {
  const lines: Item[][] = [];
  for (const item of [...items].sort((a, b) => b.y - a.y)) {
    const line = lines.find((l) => Math.abs(l[0].y - item.y) < 2);
    if (line) line.push(item);
    else lines.push([item]);
  }
  return lines
    .map((line) => {
      const rtl = line.some((i) => i.dir === 'rtl');
      const ordered = [...line].sort((a, b) => (rtl ? b.x - a.x : a.x - b.x));
      let text = '';
      ordered.forEach((item, i) => {
        const prev = ordered[i - 1];
        const gap = prev && (rtl ? prev.x - (item.x + item.width) : item.x - (prev.x + prev.width));
        if (prev && gap > 0.5 && !text.endsWith(' ') && !item.str.startsWith(' ')) text += ' ';
        text += item.str;
      });
      return text;
    })
    .join('\n');
}

/** The PDF's text in reading order and how many images its pages paint. */
export async function readPdf(bytes: Buffer): Promise<PdfFacts> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  let images = 0;
  const { width, height } = (await doc.getPage(1)).getViewport({ scale: 1 });
  for (let n = 1; n <= doc.numPages; n++) {
    const pdfPage = await doc.getPage(n);
    const content = await pdfPage.getTextContent();
    const items = content.items.flatMap((item) =>
      'str' in item && item.str !== ''
        ? [{ str: item.str, dir: item.dir, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }]
        : [],
    );
    texts.push(pageText(items));
    const ops = await pdfPage.getOperatorList();
    images += ops.fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length;
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text: texts.join('\n'), images, width, height };
}

export async function printToPdf(page: Page) {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });
  return readPdf(pdf);
}
