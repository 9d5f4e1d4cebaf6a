import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RegisterRequest } from '../../core/contracts/auth';
import type { AppContext } from '../context';
import { bonusEvents, entries, ledger, mailOutbox, picks, pools, poolWeeks } from '../db/schema';
import {
  type EntryWeekRow,
  readEntryWeeks,
  rewriteEntryWeeks,
} from '../modules/pools/store/entry-weeks.repo';
import { lastMailTo, sentMail } from './mail-capture';

let counter = 0;

/** A valid registration payload; override any field. */
export function buildRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  counter += 1;
  const username = overrides.username ?? `player${counter}`;
  return {
    nameFirst: 'Pat',
    nameLast: 'Player',
    username,
    email: `${username}@example.com`,
    password: 'correct-horse',
    passwordConfirm: overrides.password ?? 'correct-horse',
    profilePhoto: null,
    ...overrides,
  };
}

/**
 * Registers a user through the API and opens the confirmation link of the mail, as a user would;
 * returns the session cookie header value of the confirmation. The mail is taken out of the outbox, so
 * that tests of other mail see only their own.
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<RegisterRequest> = {},
): Promise<{ cookie: string; username: string; id: number }> {
  const payload = buildRegistration(overrides);
  const response = await app.inject({ method: 'POST', url: '/auth/register', payload });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const token = await takeVerificationToken(app, payload.email);
  // In the same browser, as a user would: the confirmation's session replaces the registration's.
  const verified = await app.inject({
    method: 'POST',
    url: '/auth/verifyEmail',
    payload: { token },
    headers: { cookie: sessionCookie(response.headers['set-cookie']) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return {
    cookie: sessionCookie(verified.headers['set-cookie']),
    username: payload.username,
    id: verified.json().user.id,
  };
}

/**
 * The token of the newest confirmation link mailed to the address, read from the message as sent (stored
 * copies hide it); the message and its stored copy are removed, so that tests of other mail see only their own.
 */
export async function takeVerificationToken(app: FastifyInstance, email: string): Promise<string> {
  const sent = sentMail(app);
  const mail = lastMailTo(app, email, /\/verify-email\//);
  const token = mail?.text.match(/\/verify-email\/([A-Za-z0-9_-]+)/)?.[1];
  if (!mail || !token) throw new Error(`no confirmation link was mailed to ${email}`);
  sent.splice(sent.lastIndexOf(mail), 1);
  const { db } = app.ctx;
  const [copy] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, mail.to), eq(mailOutbox.subject, mail.subject)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (copy) await db.delete(mailOutbox).where(eq(mailOutbox.id, copy.id));
  return token;
}

/** The "name=value" part of the session cookie in a Set-Cookie header. */
export function sessionCookie(header: string | string[] | undefined): string {
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const found = list.find((value) => value.startsWith('ala_session='));
  if (!found) throw new Error('no session cookie was set');
  return found.split(';')[0];
}

/** A pool row with sensible defaults (an MLB 2023 pool, money in cents); override any column. */
export async function buildPool(
  ctx: AppContext,
  values: Partial<typeof pools.$inferInsert> & { leagueId: number },
): Promise<typeof pools.$inferSelect> {
  const [row] = await ctx.db
    .insert(pools)
    .values({
      game: 'mlb',
      season: 2023,
      gameName: 'MLB',
      start: new Date('2026-12-01T00:00:00Z'),
      entryDeadline: new Date('2026-12-01T00:00:00Z'),
      createdAt: ctx.clock.now(),
      ...values,
    })
    .returning();
  return row;
}

/** An entry of a user in a pool (lives default to the pool's rebuys + 1 when the pool is given). */
export async function buildEntry(
  ctx: AppContext,
  values: Partial<typeof entries.$inferInsert> & { poolId: number; userId: number },
): Promise<typeof entries.$inferSelect> {
  const [row] = await ctx.db
    .insert(entries)
    .values({ lives: 3, createdAt: ctx.clock.now(), ...values })
    .returning();
  return row;
}

/** A pick of an entry (a team abbreviation, or an NFL player id with `teamAbb`). */
export async function buildPick(
  ctx: AppContext,
  values: Partial<typeof picks.$inferInsert> & { entryId: number; week: number; pickId: string },
): Promise<typeof picks.$inferSelect> {
  const [row] = await ctx.db
    .insert(picks)
    .values({ teamAbb: values.pickId, createdAt: ctx.clock.now(), ...values })
    .returning();
  return row;
}

/** A money ledger row (signed cents from the entry's side). */
export async function buildLedgerRow(
  ctx: AppContext,
  values: Partial<typeof ledger.$inferInsert> & { poolId: number; kind: string; amount: number },
): Promise<typeof ledger.$inferSelect> {
  const [row] = await ctx.db
    .insert(ledger)
    .values({ entryId: null, createdAt: ctx.clock.now(), ...values })
    .returning();
  return row;
}

/**
 * A settled (or, with result null, locked) week of an entry, and its pool's week when there is none yet
 * (locked, and settled with a result): an entry's weeks are found through its pool's locked weeks.
 */
export async function buildEntryWeek(
  ctx: AppContext,
  values: Partial<EntryWeekRow> & { poolId: number; entryId: number; week: number },
): Promise<EntryWeekRow> {
  const now = ctx.clock.now();
  const settled = values.result !== null;
  await ctx.db
    .insert(poolWeeks)
    .values({
      poolId: values.poolId,
      week: values.week,
      aliveAtLock: 0,
      bonusRunning: false,
      lockedAt: now,
      settledAt: settled ? now : null,
    })
    .onConflictDoNothing();
  const row: EntryWeekRow = {
    inBonus: false,
    autoRebuy: false,
    livesBefore: 0,
    rebuysBefore: 0,
    needsRebuyBefore: false,
    weeksAliveBefore: 0,
    result: 'advance',
    lives: 3,
    status: 'alive',
    rebuysBought: 0,
    bonusNet: 0,
    ...values,
  };
  const { poolId, entryId, week, ...kind } = row;
  await ctx.db.transaction((tx) => rewriteEntryWeeks(tx, poolId, week, [{ entryId, kind }]));
  return row;
}

/**
 * The entry weeks stored (of one pool, or of every pool with a locked week), optionally of one week or
 * entry, in entry order and then week order.
 */
export async function listEntryWeeks(
  ctx: AppContext,
  filter: { poolId?: number; week?: number; entryId?: number } = {},
): Promise<EntryWeekRow[]> {
  const poolIds =
    filter.poolId !== undefined
      ? [filter.poolId]
      : [
          ...new Set(
            (await ctx.db.select({ poolId: poolWeeks.poolId }).from(poolWeeks)).map((row) => row.poolId),
          ),
        ];
  const rows: EntryWeekRow[] = [];
  for (const poolId of poolIds) {
    rows.push(
      ...(await readEntryWeeks(ctx.db, poolId, {
        weeks: filter.week === undefined ? undefined : [filter.week],
        entryIds: filter.entryId === undefined ? undefined : [filter.entryId],
      })),
    );
  }
  return rows.sort((a, b) => a.entryId - b.entryId || a.week - b.week);
}

/** A bonus event a pool paid (a 50-point game by default); add its ledger rows with buildLedgerRow. */
export async function buildBonusEvent(
  ctx: AppContext,
  values: Partial<typeof bonusEvents.$inferInsert> & { poolId: number; week: number; teamAbb: string },
): Promise<typeof bonusEvents.$inferSelect> {
  const [row] = await ctx.db
    .insert(bonusEvents)
    .values({
      key: `${values.week}:1:${values.teamAbb}:${++counter}`,
      bonusId: 1,
      bonusLongName: '50 Point Game',
      bonusName: '50 PTS',
      desc: 'A player scored 50 points',
      bonusDate: ctx.clock.now(),
      prize: 5000,
      total: 5000,
      winners: [],
      createdAt: ctx.clock.now(),
      ...values,
    })
    .returning();
  return row;
}
