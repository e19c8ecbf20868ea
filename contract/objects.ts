import { z } from 'zod';
import { MAX_PHOTO_BYTES } from './constants.ts';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export { MAX_PHOTO_BYTES };

export const uploadTicketInput = z.object({ roomId: z.string().min(1) });
/** A single-use upload address (PUT the bytes there within its lifetime) and the photo's future path. */
export const uploadTicketSchema = z.object({ uploadURL: z.string(), objectPath: z.string(), expiresAt: z.string() });
export type UploadTicket = z.infer<typeof uploadTicketSchema>;
export const uploadDoneSchema = z.object({ objectPath: z.string(), contentType: z.string(), size: z.number().int() });
