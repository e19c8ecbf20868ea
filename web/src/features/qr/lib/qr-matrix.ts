import QRCode from 'qrcode';

/** A QR symbol as a square of modules; `isDark(x, y)` with x the column and y the row. */
export interface QrMatrix {
  size: number;
  isDark: (x: number, y: number) => boolean;
}

/**
 * The module matrix for a text, error correction M (15 % of the symbol may be damaged: a label
 * that is scuffed, dusty or partly painted over on site still scans).
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (x, y) => modules.get(y, x) === 1 };
}

/**
 * SVG path data drawing every dark module, offset by a quiet zone of `margin` modules. Dark runs
 * in a row are one rectangle each (`M x y h len v1 h -len z`), which keeps a sheet of hundreds of
 * labels light for the browser and the printer. The viewBox is `0 0 size+2m size+2m`.
 */
export function qrPathData(matrix: QrMatrix, margin = 1): string {
  const parts: string[] = [];
  for (let y = 0; y < matrix.size; y++) {
    let x = 0;
    while (x < matrix.size) {
      if (!matrix.isDark(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < matrix.size && matrix.isDark(x, y)) x++;
      const len = x - start;
      parts.push(`M${start + margin} ${y + margin}h${len}v1h-${len}z`);
    }
  }
  return parts.join('');
}

/**
 * Draw the QR (and, when given, a caption under it) on a canvas `px` wide: the image a manager
 * downloads. Module edges are rounded to whole pixels so the code stays sharp.
 */
export function drawQrCanvas(canvas: HTMLCanvasElement, text: string, px: number, caption?: string, margin = 2): void {
  const matrix = qrMatrix(text);
  const cells = matrix.size + 2 * margin;
  const captionHeight = caption ? Math.max(24, Math.round(px / 7)) : 0;
  canvas.width = px;
  canvas.height = px + captionHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  const edge = (i: number) => Math.round((i * px) / cells);
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (!matrix.isDark(x, y)) continue;
      const x0 = edge(x + margin);
      const y0 = edge(y + margin);
      ctx.fillRect(x0, y0, edge(x + margin + 1) - x0, edge(y + margin + 1) - y0);
    }
  }
  if (caption) {
    const fontPx = Math.round(captionHeight * 0.55);
    ctx.font = `600 ${fontPx}px "Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic", system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.direction = 'inherit';
    ctx.fillText(caption, px / 2, px + captionHeight / 2, px - 8);
  }
}
