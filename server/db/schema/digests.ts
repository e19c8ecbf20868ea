import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './common.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * One row per daily e-mail and local day, written before it is sent (docs/decisions/031-daily-digest.md):
 * the unique (user, date) is the claim, so a second run or a second instance never sends it again.
 * `status`: claimed (being sent, or the sender stopped), sent, empty (nothing to tell), failed.
 */
export const dailyDigests = pgTable(
  'daily_digests',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The project's local date the e-mail is for. */
    digestDate: date('digest_date').notNull(),
    status: text('status').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('daily_digests_user_date_uq').on(t.userId, t.digestDate), index('daily_digests_project_idx').on(t.projectId)],
);
