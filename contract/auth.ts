import { z } from 'zod';
import { INACTIVE_REASONS, PROJECT_STATUSES, maskedCardSchema } from './billing.ts';
import { ROLES } from './constants.ts';
import { PROJECT_TYPES } from './project-types.ts';
import { optionalText, passwordText, requiredText } from './text.ts';

export const loginInput = z.object({
  username: z.string().trim().min(1, 'Please fill username and password').max(100),
  password: z.string().min(1, 'Please fill username and password').max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const cardInput = z.object({
  cardHolderName: requiredText(100),
  cardNumber: z.string().trim().min(12).max(19),
  cardExpiryMonth: z.coerce.number().int().min(1).max(12),
  cardExpiryYear: z.coerce.number().int().min(2000).max(2100),
  cardCvv: z
    .string()
    .trim()
    .regex(/^\d{3}$/, 'CVV must be 3 digits'),
});
export type CardInput = z.infer<typeof cardInput>;

export const registerInput = z
  .object({
    username: requiredText(100),
    password: passwordText(),
    email: z
      .union([z.literal(''), z.email()])
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    firstName: optionalText(),
    lastName: optionalText(),
    facilityName: requiredText(200),
    facilityType: z.enum(PROJECT_TYPES).default('construction'),
    phone: optionalText(40),
    city: optionalText(100),
    /**
     * Old clients still send a price; it is accepted and ignored: the platform sets the price
     * (docs/product.md "The price belongs to the platform").
     */
    monthlyPrice: z.unknown().optional(),
  })
  .extend(cardInput.shape);
export type RegisterInput = z.infer<typeof registerInput>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  role: z.enum(ROLES),
  isOwner: z.boolean(),
  facilityName: z.string(),
  facilityType: z.string(),
  profileImageUrl: z.string().nullable(),
  projectId: z.string(),
  isActive: z.boolean(),
  projectStatus: z.enum(PROJECT_STATUSES),
  /** Why the project is inactive (the banner says it); null while active. */
  inactiveReason: z.enum(INACTIVE_REASONS).nullable(),
  /** The project's IANA time zone: times are shown in it, "today" is its date. */
  timezone: z.string(),
  createdAt: z.string(),
  /** Signed in with a temporary password: nothing but choosing a new one works until then. */
  mustChangePassword: z.boolean(),
  /** Who set the temporary password (the forced-change screen says so); null when none is pending. */
  passwordResetBy: z.enum(['admin', 'platformAdmin']).nullable(),
});
export type User = z.infer<typeof userSchema>;

export const profileSchema = userSchema.extend({
  monthlyPrice: z.number(),
  paidUntil: z.string().nullable(),
  nextBillingDate: z.string(),
  card: maskedCardSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** `PUT /api/user/credit-card`: the new profile and what charging the unpaid invoices with the new card did. */
export const cardUpdateResultSchema = profileSchema.extend({
  payment: z.object({ charged: z.number().int(), failed: z.number().int(), reactivated: z.boolean() }),
});
export type CardUpdateResult = z.infer<typeof cardUpdateResultSchema>;

export const messageSchema = z.object({ message: z.string() });
