import { QR_SIZES as QR_PIXELS } from '#contract/facility.ts';

/** docs/product.md "QR print": the project QR's print sizes. `px` is the on-screen preview and the downloaded image. */
export const QR_SIZES = [
  { id: 'sticker', cm: 5, px: QR_PIXELS.sticker },
  { id: 'small', cm: 8, px: QR_PIXELS.small },
  { id: 'medium', cm: 10, px: QR_PIXELS.medium },
] as const;
export type QrSizeId = (typeof QR_SIZES)[number]['id'];

export const MIN_COPIES = 1;
export const MAX_COPIES = 20;
/** docs/product.md "QR print": how long "Copied!" stays. */
export const COPY_FEEDBACK_MS = 2000;

/** docs/product.md "Validation rules": copies are an integer 1–20; anything unreadable falls back to 1, more than 20 is 20. */
export function parseCopies(raw: string): number {
  const n = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(n)) return MIN_COPIES;
  const whole = Math.floor(n);
  if (whole < MIN_COPIES) return MIN_COPIES;
  return Math.min(whole, MAX_COPIES);
}
