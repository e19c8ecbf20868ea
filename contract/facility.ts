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

export const qrCodeSchema = z.object({ data: z.string(), dataURL: z.string() });
export type QrCode = z.infer<typeof qrCodeSchema>;

/** What a project QR encodes, and what a per-unit label encodes. */
export const projectQrLink = (publicUrl: string, qrId: string) => `${publicUrl}/qr-scan?qrId=${encodeURIComponent(qrId)}`;
export const unitQrLink = (publicUrl: string, unitId: string) => `${publicUrl}/work-tasks/${unitId}`;
