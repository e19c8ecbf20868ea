import { z } from 'zod';

/** Trimmed text that must be there. */
export const requiredText = (max = 200) => z.string().trim().min(1).max(max);

/** Trimmed text that may be missing: empty, null and absent all become null. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
