import { z } from 'zod';

export const facilitySchema = z.object({
  id: z.string(),
  name: z.string(),
  facilityType: z.string(),
  uniqueQrId: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Base of the links printed in QR codes (PUBLIC_URL). */
  publicUrl: z.string(),
});
export type Facility = z.infer<typeof facilitySchema>;

/** Sizes of the printed QR (docs/product.md "Sessions and time-outs"): 120, 180 and 300 px; the image is drawn at `size` pixels. */
export const QR_SIZES = { sticker: 120, small: 180, medium: 300 } as const;
/**
 * GET /api/qr-code: the project QR by default; with `roomId`, the label of one unit of the project
 * (docs/product.md "QR label per unit").
 */
export const qrCodeQuery = z.object({
  size: z.coerce.number().int().min(64).max(1024).default(QR_SIZES.medium),
  roomId: z.string().optional(),
});
export const qrCodeSchema = z.object({ data: z.string(), dataURL: z.string() });
export type QrCode = z.infer<typeof qrCodeSchema>;

/** What a project QR encodes, and what a per-unit label encodes. */
export const projectQrLink = (publicUrl: string, qrId: string) => `${publicUrl}/qr-scan?qrId=${encodeURIComponent(qrId)}`;
export const unitQrLink = (publicUrl: string, unitId: string) => `${publicUrl}/work-tasks/${unitId}`;
