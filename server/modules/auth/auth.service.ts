import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Profile, RegisterInput, User } from '../../../contract/auth.ts';
import type { CardInput } from '../../../contract/auth.ts';
import type { Role } from '../../../contract/constants.ts';
import { auditLog, platformAdmins, projects, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { UNIQUE_VIOLATION, conflict, notFound, sqlState } from '../../lib/errors.ts';
import { randomToken } from '../../lib/ids.ts';
import { addMonths, localDate } from '../../lib/time.ts';

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

type UserRow = typeof users.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

export function toUser(u: UserRow, p: ProjectRow): User {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    city: u.city,
    role: u.role as Role,
    isOwner: u.isOwner,
    facilityName: p.name,
    facilityType: p.facilityType,
    profileImageUrl: u.profileImageUrl,
    projectId: p.id,
    isActive: u.isActive,
    projectStatus: p.status as User['projectStatus'],
    timezone: p.timezone,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The registration date advanced monthly until it is after today. */
export function nextBillingDate(anchor: string, today: string): string {
  let months = 0;
  let next = anchor;
  while (next <= today) next = addMonths(anchor, ++months);
  return next;
}

export function toProfile(u: UserRow, p: ProjectRow, today: string): Profile {
  return {
    ...toUser(u, p),
    monthlyPrice: p.monthlyPriceAgorot / 100,
    paidUntil: p.paidUntil,
    nextBillingDate: nextBillingDate(p.billingAnchor, today),
    card: p.cardToken
      ? {
          brand: p.cardBrand ?? 'card',
          last4: p.cardLast4 ?? '',
          expiryMonth: p.cardExpiryMonth ?? 0,
          expiryYear: p.cardExpiryYear ?? 0,
          holderName: p.cardHolderName ?? '',
        }
      : null,
  };
}

export async function findUserWithProject(db: Db, where: { id: string } | { username: string }) {
  const [row] = await db
    .select({ user: users, project: projects })
    .from(users)
    .innerJoin(projects, eq(projects.id, users.projectId))
    .where('id' in where ? eq(users.id, where.id) : eq(users.username, where.username))
    .limit(1);
  return row;
}

export async function register(app: FastifyInstance, input: RegisterInput) {
  // External I/O (gateway, hashing) happens before the transaction: PGlite has one connection.
  const [existing] = await app.db.select({ id: users.id }).from(users).where(eq(users.username, input.username)).limit(1);
  if (existing) throw conflict('username_taken', 'Username already exists');
  const card = await app.gateway.tokenizeCard(input);
  const passwordHash = await hashPassword(input.password);
  const today = localDate('Asia/Jerusalem', app.now());
  try {
    return await app.db.transaction(async (tx) => {
      const [project] = await tx
        .insert(projects)
        .values({
          name: input.facilityName,
          facilityType: input.facilityType,
          qrId: randomToken(24),
          monthlyPriceAgorot: Math.round(input.monthlyPrice * 100),
          billingAnchor: today,
          cardToken: card.token,
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardExpiryMonth: card.expiryMonth,
          cardExpiryYear: card.expiryYear,
          cardHolderName: card.holderName,
        })
        .returning();
      const [user] = await tx
        .insert(users)
        .values({
          projectId: project.id,
          username: input.username,
          passwordHash,
          role: 'admin',
          isOwner: true,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          city: input.city,
        })
        .returning();
      await tx.insert(auditLog).values({ projectId: project.id, actorType: 'user', actorId: user.id, action: 'project.registered' });
      return { user, project };
    });
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw conflict('username_taken', 'Username already exists');
    throw err;
  }
}

export async function updateCard(app: FastifyInstance, projectId: string, input: CardInput) {
  const card = await app.gateway.tokenizeCard(input);
  await app.db
    .update(projects)
    .set({
      cardToken: card.token,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpiryMonth: card.expiryMonth,
      cardExpiryYear: card.expiryYear,
      cardHolderName: card.holderName,
      updatedAt: app.now(),
    })
    .where(eq(projects.id, projectId));
}

export async function cancelAccount(app: FastifyInstance, projectId: string, userId: string) {
  const [project] = await app.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw notFound('project_not_found', 'Project not found');
  if (project.status !== 'active') throw conflict('account_inactive', 'The account is not active');
  // Stays usable until the end of the period already paid for.
  const paidUntil = nextBillingDate(project.billingAnchor, localDate(project.timezone, app.now()));
  await app.db.transaction(async (tx) => {
    await tx.update(projects).set({ status: 'cancelled', paidUntil, updatedAt: app.now() }).where(eq(projects.id, projectId));
    await tx.insert(auditLog).values({ projectId, actorType: 'user', actorId: userId, action: 'project.cancelled', data: { paidUntil } });
  });
  return paidUntil;
}

/** Create or update the platform admin from PLATFORM_ADMIN_USERNAME / _PASSWORD. */
export async function upsertPlatformAdmin(db: Db, username: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db
    .insert(platformAdmins)
    .values({ username, passwordHash })
    .onConflictDoUpdate({ target: platformAdmins.username, set: { passwordHash } });
}
