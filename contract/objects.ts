import { z } from 'zod';
import { MAX_PHOTO_BYTES } from './constants.ts';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export { MAX_PHOTO_BYTES };

/**
 * A photo an upload address reserves in the daily quota when the page does not say its size: a
 * worker page photo is shrunk to ~300 kB before it travels (docs/decisions/027-storage-and-quota.md).
 */
export const RESERVED_PHOTO_BYTES = 1_048_576;
/** `size`: the bytes the page is about to send, reserved in the project's daily quota until they arrive. */
export const uploadTicketInput = z.object({ roomId: z.string().min(1), size: z.number().int().min(1).max(MAX_PHOTO_BYTES).optional() });
/** A single-use upload address (PUT the bytes there within its lifetime) and the photo's future path. */
export const uploadTicketSchema = z.object({ uploadURL: z.string(), objectPath: z.string(), expiresAt: z.string() });
export type UploadTicket = z.infer<typeof uploadTicketSchema>;
export const uploadDoneSchema = z.object({ objectPath: z.string(), contentType: z.string(), size: z.number().int() });
