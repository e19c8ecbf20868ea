import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import type { Profile, RegisterInput, User } from '#contract/auth.ts';
import type { CardInput } from '#contract/auth.ts';
import { INACTIVE_REASONS, PROJECT_STATUSES, type Pricing } from '#contract/billing.ts';
import { ROLES } from '#contract/constants.ts';
import type { CardReference } from '../billing/payment-gateway.ts';
import type { Db } from '../../db/client.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { oneOf } from '../../db/raw-rows.ts';
import { UNIQUE_VIOLATION, conflict, notFound, sqlState, unauthorized } from '../../lib/errors.ts';
import { randomToken } from '../../lib/ids.ts';
import { billingToday } from '../../lib/calendar.ts';
import { findLastPaidPeriodStart, vatRateOn } from '../billing/billing.queries.ts';
import { userActor, writeAudit } from '../audit/audit.queries.ts';
import { chargeUnpaidNow } from '../billing/billing.service.ts';
import { nextBillingDate, totalDueShekels } from '../billing/periods.ts';
import { findProject } from '../projects/projects.queries.ts';
import { maskedCardOf } from '../projects/projects.service.ts';
import {
  cancelProject,
  findPlatformAdmin,
  findUserWithProject,
  insertProjectWithOwner,
  isUsernameTaken,
  updateProjectCard,
  upsertPlatformAdminRow,
  type ProjectRow,
  type UserRow,
} from './auth.queries.ts';

// argon2id with the library defaults (m=19 MiB, t=2, p=1).
export const hashPassword = (password: string) => hash(password);
/** A hash to verify against when the user does not exist, so timing does not reveal usernames. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export function toUser(u: UserRow, p: ProjectRow): User {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    city: u.city,
    role: oneOf(ROLES, u.role),
    isOwner: u.isOwner,
    facilityName: p.name,
    facilityType: p.facilityType,
    profileImageUrl: u.profileImageUrl,
    projectId: p.id,
    isActive: u.isActive,
    projectStatus: oneOf(PROJECT_STATUSES, p.status),
    inactiveReason: p.inactiveReason === null ? null : oneOf(INACTIVE_REASONS, p.inactiveReason),
    timezone: p.timezone,
    createdAt: u.createdAt.toISOString(),
    mustChangePassword: u.mustChangePassword,
    passwordResetBy: u.passwordResetBy === 'admin' || u.passwordResetBy === 'platformAdmin' ? u.passwordResetBy : null,
  };
}

export function toProfile(u: UserRow, p: ProjectRow, today: string, lastPaidStart: string | null): Profile {
  return {
    ...toUser(u, p),
    monthlyPrice: p.monthlyPriceAgorot / 100,
    paidUntil: p.paidUntil,
    nextBillingDate: nextBillingDate(p.billingAnchor, today, lastPaidStart),
    // The card is the project admins' business (docs/product.md "Permissions"): a cleaner is not sent it.
    card: u.role === 'cleaner' ? null : maskedCardOf(p),
  };
}

/** The signed-in member and their project; a member deleted meanwhile is signed out (401). */
export async function currentUser(app: FastifyInstance, auth: UserAuth): Promise<[UserRow, ProjectRow]> {
  const row = await findUserWithProject(app.db, { id: auth.userId });
  if (!row) throw unauthorized();
  return [row.user, row.project];
}

/** The signed-in member's profile, the next billing date on the billing calendar (docs/decisions/036-calendar.md). */
export async function profileOf(app: FastifyInstance, auth: UserAuth): Promise<Profile> {
  const [user, project] = await currentUser(app, auth);
  return toProfile(user, project, billingToday(app.now()), await findLastPaidPeriodStart(app.db, project.id));
}

/** The active member a username and password name; undefined for a wrong name, password or a deactivated member alike. */
export async function memberByCredentials(app: FastifyInstance, username: string, password: string) {
  const row = await findUserWithProject(app.db, { username });
  const ok = await verifyPassword(row?.user.passwordHash, password);
  return row && ok && row.user.isActive ? row : undefined;
}

/** The platform admin a username and password name; undefined otherwise. */
export async function adminByCredentials(app: FastifyInstance, username: string, password: string) {
  const admin = await findPlatformAdmin(app.db, username);
  const ok = await verifyPassword(admin?.passwordHash, password);
  return admin && ok ? admin : undefined;
}

/** The price a new project pays: the platform's default, the VAT in force today, the first month free. */
export async function currentPricing(app: FastifyInstance): Promise<Pricing> {
  const priceAgorot = app.config.billing.defaultPriceAgorot;
  const vatBasisPoints = await vatRateOn(app.db, billingToday(app.now()));
  return {
    monthlyPrice: priceAgorot / 100,
    vatBasisPoints,
    monthlyPriceWithVat: totalDueShekels(priceAgorot, vatBasisPoints),
    freeMonths: 1,
  };
}

export async function register(app: FastifyInstance, input: RegisterInput) {
  // External I/O (gateway, hashing) happens before the transaction: PGlite has one connection.
  if (await isUsernameTaken(app.db, input.username)) throw conflict('username_taken', 'Username already exists');
  const card = await app.gateway.tokenizeCard(input);
  const passwordHash = await hashPassword(input.password);
  const today = billingToday(app.now());
  try {
    return await insertProjectWithOwner(app.db, {
      project: {
        name: input.facilityName,
        facilityType: input.facilityType,
        qrId: randomToken(24),
        // The platform's price, whatever the registrant sent (docs/product.md "The price belongs to the platform").
        monthlyPriceAgorot: app.config.billing.defaultPriceAgorot,
        billingAnchor: today,
        ...cardColumns(card),
      },
      owner: {
        username: input.username,
        passwordHash,
        role: 'admin',
        isOwner: true,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        city: input.city,
      },
    });
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw conflict('username_taken', 'Username already exists');
    throw err;
  }
}

const cardColumns = (card: CardReference) => ({
  cardToken: card.token,
  cardBrand: card.brand,
  cardLast4: card.last4,
  cardExpiryMonth: card.expiryMonth,
  cardExpiryYear: card.expiryYear,
  cardHolderName: card.holderName,
});

/**
 * Stores a new card, then charges the project's unpaid invoices with it at once; a project inactive
 * for a failed payment becomes active when none is left unpaid (docs/product.md "Billing and VAT").
 */
export async function updateCard(app: FastifyInstance, projectId: string, input: CardInput, userId: string) {
  const card = await app.gateway.tokenizeCard(input);
  const project = await findProject(app.db, projectId);
  if (!project) throw notFound('project_not_found', 'Project not found');
  await updateProjectCard(app.db, { projectId, card: cardColumns(card), now: app.now() });
  const member = await findUserWithProject(app.db, { id: userId });
  const actor = userActor(userId, member?.user.username);
  await writeAudit(app.db, actor, {
    projectId,
    action: 'project.card_updated',
    entityId: projectId,
    before: project.cardLast4 ? { brand: project.cardBrand, last4: project.cardLast4 } : null,
    after: { brand: card.brand, last4: card.last4 },
  });
  return chargeUnpaidNow(app, projectId, project.billingAnchor, actor);
}

export async function cancelAccount(app: FastifyInstance, projectId: string, userId: string) {
  const project = await findProject(app.db, projectId);
  if (!project) throw notFound('project_not_found', 'Project not found');
  if (project.status !== 'active') throw conflict('account_inactive', 'The account is not active');
  // Stays usable until the end of the period already paid for.
  const today = billingToday(app.now());
  const paidUntil = nextBillingDate(project.billingAnchor, today, await findLastPaidPeriodStart(app.db, projectId));
  await cancelProject(app.db, { projectId, userId, paidUntil, now: app.now() });
  return paidUntil;
}

/** Create or update the platform admin from PLATFORM_ADMIN_USERNAME / _PASSWORD. */
export async function upsertPlatformAdmin(db: Db, username: string, password: string) {
  await upsertPlatformAdminRow(db, { username, passwordHash: await hashPassword(password) });
}
