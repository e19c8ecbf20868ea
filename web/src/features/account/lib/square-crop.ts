/** The side of the square profile picture the browser sends (docs/product.md "Your own account"). */
export const PICTURE_SIZE = 256;

/** Which part of the source image is drawn where: the source square and the output side. */
export interface SquareCrop {
  sx: number;
  sy: number;
  size: number;
  outputSize: number;
}

/**
 * The largest centred square of a `width` × `height` image, drawn at `outputSize` × `outputSize`
 * (scaled down or up): a face in the middle of a portrait or landscape photo stays in the picture.
 * Null for an image with no pixels.
 */
export function findSquareCrop(width: number, height: number, outputSize = PICTURE_SIZE): SquareCrop | null {
  if (!(width > 0) || !(height > 0)) return null;
  const size = Math.min(width, height);
  return { sx: Math.floor((width - size) / 2), sy: Math.floor((height - size) / 2), size, outputSize };
}
