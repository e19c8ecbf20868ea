import { z } from 'zod';
import { ROLES } from './constants.ts';
import { userSchema } from './auth.ts';
import { optionalText, passwordText, requiredText } from './text.ts';

/** A member of the project as `/api/users` answers it (never the password hash). */
export const memberSchema = userSchema.pick({
  id: true,
  username: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  role: true,
  isOwner: true,
  isActive: true,
  createdAt: true,
});
export type Member = z.infer<typeof memberSchema>;

/** `GET /api/users`: the project's members and how many there are of each role. */
export const memberListSchema = z.object({
  users: z.array(memberSchema),
  counts: z.object({ total: z.number().int(), admin: z.number().int(), manager: z.number().int(), cleaner: z.number().int() }),
});
export type MemberList = z.infer<typeof memberListSchema>;

const memberFields = {
  firstName: requiredText(100),
  lastName: optionalText(100),
  username: requiredText(100),
  email: z.string().trim().max(200).pipe(z.email()),
  phone: optionalText(40),
  role: z.enum(ROLES),
  isActive: z.boolean().default(true),
};

/** `POST /api/users`: the password is required; both entries must match (`passwords_mismatch`, checked by the server). */
export const createMemberInput = z.object({ ...memberFields, password: passwordText(), confirmPassword: z.string().max(200) });
export type CreateMemberInput = z.output<typeof createMemberInput>;

/** `PUT /api/users/:id`: a password only when it is to change. */
export const updateMemberInput = z.object({
  ...memberFields,
  password: z.union([z.literal(''), passwordText()]).optional(),
  confirmPassword: z.string().max(200).optional(),
});
export type UpdateMemberInput = z.output<typeof updateMemberInput>;

export const memberIdParams = z.object({ id: z.uuid() });
