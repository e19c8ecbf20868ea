import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.ts';

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

/** A password: at least MIN_PASSWORD_LENGTH characters (docs/product.md "Validation rules"). */
export const passwordText = () => z.string().min(MIN_PASSWORD_LENGTH).max(200);
