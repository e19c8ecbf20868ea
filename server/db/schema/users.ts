import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common.ts';
import { projects } from './projects.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Login name, unique across the platform without regard to case (login takes no project). */
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** admin | manager | cleaner (docs/product.md "Users and roles") */
    role: text('role').notNull().default('manager'),
    /** The registrant: an admin protected from deletion. */
    isOwner: boolean('is_owner').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    city: text('city'),
    profileImageUrl: text('profile_image_url'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set with a temporary password: until the user chooses a new one, only that works (docs/product.md "Your own account"). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Who set the temporary password: `admin` (the project's) or `platformAdmin`; null when none is pending. */
    passwordResetBy: text('password_reset_by'),
    /** The language the user chose for what the server writes to them (the daily e-mail); null until they choose. */
    language: text('language'),
    /** A project admin or manager asked for the daily e-mail (docs/decisions/031-daily-digest.md). */
    dailyDigest: boolean('daily_digest').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_project_idx').on(t.projectId), uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

export const platformAdmins = pgTable('platform_admins', {
  id: id(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});
