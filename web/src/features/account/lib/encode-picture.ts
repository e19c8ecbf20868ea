import { findSquareCrop } from './square-crop.ts';

/** JPEG quality of the profile picture: small enough for a phone on site, without visible blocks. */
const JPEG_QUALITY = 0.85;

/** The chosen file is not an image this browser can read (a PDF, a HEIC photo outside Safari). */
export class UnreadablePictureError extends Error {
  constructor() {
    super('The file could not be read as an image');
  }
}

function drawSquare(ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, image: ImageBitmap, size: number) {
  const crop = findSquareCrop(image.width, image.height, size);
  if (!crop) throw new UnreadablePictureError();
  // A transparent PNG would turn black as a JPEG: a white background under it.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.drawImage(image, crop.sx, crop.sy, crop.size, crop.size, 0, 0, size, size);
}

function encodeOnCanvas(image: ImageBitmap, size: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new UnreadablePictureError());
  drawSquare(ctx, image, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new UnreadablePictureError())), 'image/jpeg', JPEG_QUALITY),
  );
}

/**
 * The centre square of the chosen photo as a `size` × `size` JPEG, made in the browser so the
 * server only ever stores a small picture (docs/product.md "Your own account"). Uses an
 * OffscreenCanvas where the browser has one, else a <canvas>.
 */
export async function encodeSquareJpeg(file: Blob, size: number): Promise<Blob> {
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnreadablePictureError();
  }
  try {
    if (typeof OffscreenCanvas === 'undefined') return await encodeOnCanvas(image, size);
    const canvas = new OffscreenCanvas(size, size);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new UnreadablePictureError();
    drawSquare(ctx, image, size);
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  } finally {
    image.close();
  }
}
