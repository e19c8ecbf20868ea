import type { FastifyInstance } from 'fastify';
import { DAILY_DIGEST_HOUR, type DailyDigest, type DailyDigestInput } from '#contract/account.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#contract/constants.ts';
import { conflict, unauthorized } from '../../lib/errors.ts';
import { localHour, projectToday } from '../../lib/calendar.ts';
import type { UserAuth } from '../../plugins/session.ts';
import { loggableError } from '../../plugins/errors.ts';
import {
  claimDigest,
  countDigestFigures,
  findDigestSettings,
  finishDigest,
  listDigestCandidates,
  setDigestSettings,
} from './daily-digest.queries.ts';
import { digestMail, isEmptyDigest } from './digest-mail.ts';

// The daily e-mail of project admins and managers (docs/decisions/031-daily-digest.md).

/** Users read, claimed and written to per round of a run: one round's reads cost the same however many projects. */
export const DIGEST_CHUNK_USERS = 200;
/** The e-mail tells what happened in this much time before it is written. */
const DIGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

const asLocale = (value: string | null): Locale | null => LOCALES.find((l) => l === value) ?? null;

export async function getDigestSettings(app: FastifyInstance, auth: UserAuth): Promise<DailyDigest> {
  const row = await findDigestSettings(app.db, { projectId: auth.projectId, userId: auth.userId });
  if (!row) throw unauthorized();
  return { enabled: row.enabled, language: asLocale(row.language), mailConfigured: app.mailer !== undefined };
}

/** Turning it on needs outgoing mail on the server and an address on the account; turning it off always works. */
export async function updateDigestSettings(app: FastifyInstance, auth: UserAuth, input: DailyDigestInput): Promise<DailyDigest> {
  const row = await findDigestSettings(app.db, { projectId: auth.projectId, userId: auth.userId });
  if (!row) throw unauthorized();
  if (input.enabled && !app.mailer) throw conflict('daily_digest_unavailable', 'This server has no outgoing e-mail configured');
  if (input.enabled && !row.email) throw conflict('daily_digest_needs_email', 'Add an e-mail address to the profile first');
  await setDigestSettings(app.db, { projectId: auth.projectId, userId: auth.userId, ...input, now: app.now() });
  return getDigestSettings(app, auth);
}

export interface DigestRunResult {
  sent: number;
  empty: number;
  failed: number;
}

/**
 * Sends every daily e-mail due at `app.now()`: to each opted-in admin or manager whose project's
 * local hour is DAILY_DIGEST_HOUR or later and who has none for that local date yet. Each is claimed
 * (a unique row per user and date) before it is sent, so it goes out at most once whatever runs
 * twice, restarts or runs beside it.
 */
export async function runDailyDigest(app: FastifyInstance): Promise<DigestRunResult> {
  const result: DigestRunResult = { sent: 0, empty: 0, failed: 0 };
  const mailer = app.mailer;
  if (!mailer) return result;
  const now = app.now();
  const since = new Date(now.getTime() - DIGEST_WINDOW_MS);
  let afterId: string | null = null;
  for (;;) {
    const candidates = await listDigestCandidates(app.db, { now, afterId, limit: DIGEST_CHUNK_USERS });
    if (candidates.length === 0) break;
    afterId = candidates[candidates.length - 1].userId;
    const claimed: (typeof candidates)[number][] = [];
    for (const c of candidates) {
      if (localHour(c.timezone, now) < DAILY_DIGEST_HOUR) continue;
      const date = projectToday(c, now);
      if (await claimDigest(app.db, { projectId: c.projectId, userId: c.userId, digestDate: date, now })) claimed.push(c);
    }
    const figures = await countDigestFigures(app.db, { projectIds: [...new Set(claimed.map((c) => c.projectId))], since, until: now });
    for (const c of claimed) {
      const digestDate = projectToday(c, now);
      const finish = (status: 'sent' | 'empty' | 'failed') =>
        finishDigest(app.db, { projectId: c.projectId, userId: c.userId, digestDate, status, now: app.now() });
      const counts = {
        pending: figures.pending.get(c.projectId) ?? 0,
        sentBack: figures.sentBack.get(c.projectId) ?? 0,
        redone: figures.redone.get(c.projectId) ?? 0,
        shortages: figures.shortages.get(c.projectId) ?? 0,
      };
      if (isEmptyDigest(counts)) {
        await finish('empty');
        result.empty += 1;
        continue;
      }
      const message = digestMail({
        to: c.email!,
        name: c.firstName || c.username,
        project: c.projectName,
        date: digestDate,
        figures: counts,
        publicUrl: app.config.publicUrl,
        language: asLocale(c.language) ?? DEFAULT_LOCALE,
      });
      try {
        await mailer.send(message);
      } catch (err) {
        // Not tried again: the claim stands, so the e-mail is sent at most once (docs/decisions/031-daily-digest.md).
        app.log.warn({ err: loggableError(err), userId: c.userId }, 'daily e-mail could not be sent');
        await finish('failed');
        result.failed += 1;
        continue;
      }
      await finish('sent');
      result.sent += 1;
    }
    if (candidates.length < DIGEST_CHUNK_USERS) break;
  }
  return result;
}
