import { and, eq } from 'drizzle-orm';
import { INSURANCE_OPTION } from '../../../../core/bonus/options';
import {
  FEED_EVENT_TYPES,
  POOL_MESSAGES,
  type RegisterEntryBody,
  type RegisterEntryResponse,
} from '../../../../core/contracts/pools';
import { picksPlayers } from '../../../../core/games';
import { formatDollars } from '../../../../core/money';
import { poolPagePathIn } from '../../../../core/pool/identity';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { EntryRecord, LeagueRow, PoolRecord, UserRow } from '../../../db/schema';
import { entries, leagues, pools } from '../../../db/schema';
import { conflict, forbidden, notFound } from '../../../lib/errors';
import { canSeeLeague, loadAccess } from '../../leagues/league-access';
import { addMember } from '../../leagues/membership.service';
import { postPoolEvent } from '../feed/feed.service';
import { notifyPoolChanged } from '../live/notify';
import { appendLedger, type LedgerRowInput } from '../store/ledger.repo';
import { recordPoolAudits } from '../store/pool-audits.repo';

/**
 * Signs a user up for a pool, or adds another entry: before the entry deadline, for league members
 * (a joinable league takes the user in on the way), up to the pool's max entries. The pool row is
 * locked so two sign-ups racing for the last entry cannot both pass. A request repeating the key of
 * one that made an entry answers with that entry (`created` false) and changes nothing.
 */
export async function registerEntry(
  ctx: AppContext,
  user: UserRow,
  input: RegisterEntryBody,
): Promise<{ answer: RegisterEntryResponse; created: boolean }> {
  const now = ctx.clock.now();
  const { answer, created } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ pool: pools, league: leagues })
      .from(pools)
      .innerJoin(leagues, eq(leagues.id, pools.leagueId))
      .where(eq(pools.id, input.pool_id))
      .for('update');
    if (!row) throw notFound(POOL_MESSAGES.poolNotFound);
    const { pool, league } = row;
    // The league's one access rule: a hidden league's pool is not found for outsiders, an admin is a member.
    const access = await loadAccess(tx, league, user);
    if (!canSeeLeague(access)) throw notFound(POOL_MESSAGES.poolNotFound);
    // A repeat of a sign-up that went through (a double submit) answers with the entry it made; the
    // pool row's lock makes a racing repeat wait for the first and find its entry.
    const made = input.request_key ? await findKeyedEntry(tx, pool.id, user.id, input.request_key) : null;
    if (made) {
      return {
        answer: signUpAnswer(pool, league, user, made.entryNum, poolPagePathIn(pool, league)),
        created: false,
      };
    }
    if (pool.final) throw conflict(POOL_MESSAGES.concluded);
    if (now.getTime() >= pool.entryDeadline.getTime()) throw conflict(POOL_MESSAGES.deadlinePassed);
    if (!access.isMember) {
      if (!league.joinable) throw forbidden(POOL_MESSAGES.membersOnly);
      await addMember(tx, league.id, user.id, now);
    }
    const { entry, entryNum, label, link } = await createPoolEntry(
      tx,
      {
        pool,
        league,
        user,
        bonus: input.bonus,
        insurance: input.insurance_purchased,
        by: user,
        signUpKey: input.request_key,
      },
      now,
    );
    await recordSignUp(tx, { pool, user, entry, label }, now);
    return { answer: signUpAnswer(pool, league, user, entryNum, link), created: true };
  });
  // A new entrant changes the tiles (entrants, prize pool) and the standings of open pages.
  if (created) notifyPoolChanged(ctx, answer.league_season, 'standings');
  return { answer, created };
}

/** The user's entry of the pool made by the sign-up request with this key, if any. */
async function findKeyedEntry(
  tx: DbOrTx,
  poolId: number,
  userId: number,
  key: string,
): Promise<{ entryNum: number } | undefined> {
  const [made] = await tx
    .select({ entryNum: entries.entryNum })
    .from(entries)
    .where(and(eq(entries.poolId, poolId), eq(entries.userId, userId), eq(entries.signUpKey, key)))
    .limit(1);
  return made;
}

function signUpAnswer(
  pool: PoolRecord,
  league: LeagueRow,
  user: Pick<UserRow, 'username'>,
  entryNum: number,
  path: string,
): RegisterEntryResponse {
  return {
    game: pool.game,
    season: pool.season,
    league_abb: league.abb,
    pool_idx: pool.poolIdx,
    season_type: pool.seasonType,
    league_id: league.id,
    league_season: pool.id,
    entry_num: entryNum,
    username: user.username,
    path,
    message: POOL_MESSAGES.registered,
  };
}

/** A sign-up in the pool's audit log: the entry as it was created, and what it was charged. */
async function recordSignUp(
  tx: DbOrTx,
  created: { pool: PoolRecord; user: Pick<UserRow, 'id'>; entry: EntryRecord; label: string },
  now: Date,
): Promise<void> {
  const { pool, entry } = created;
  const insurance = entry.insurancePurchased ? pool.insurance : 0;
  await recordPoolAudits(
    tx,
    pool.id,
    created.user,
    [
      {
        action: 'sign_up',
        summary: `${created.label} signed up: ${formatDollars(pool.buyin + insurance)} charged`,
        entryId: entry.id,
        oldValue: null,
        newValue: {
          lives: entry.lives,
          in_bonus: entry.bonus,
          insurance_purchased: entry.insurancePurchased,
          buyin: pool.buyin,
          ...(entry.insurancePurchased ? { insurance: pool.insurance } : {}),
        },
      },
    ],
    now,
  );
}

/** What createPoolEntry needs: the pool (its row locked by the caller), whose entry, and who makes it. */
export interface NewPoolEntry {
  pool: PoolRecord;
  league: LeagueRow;
  user: Pick<UserRow, 'id' | 'username'>;
  bonus: boolean;
  insurance: boolean;
  /** Who adds the entry: the user signing up, or a commissioner adding a member. */
  by: Pick<UserRow, 'id' | 'username'>;
  /** The sign-up request's key, so a repeat of it finds this entry. */
  signUpKey?: string;
}

/**
 * Creates a user's next entry as sign-up does, inside the caller's transaction (the pool row locked): up to the
 * pool's max entries, lives = rebuys + 1, the buy-in (and insurance bought with it) charged in the ledger, and
 * the news posted to the pool's feed.
 */
export async function createPoolEntry(
  tx: DbOrTx,
  input: NewPoolEntry,
  now: Date,
): Promise<{ entry: EntryRecord; entryNum: number; label: string; link: string }> {
  const { pool, league, user } = input;
  const mine = await tx
    .select({ entryNum: entries.entryNum })
    .from(entries)
    .where(and(eq(entries.poolId, pool.id), eq(entries.userId, user.id)));
  if (mine.length >= pool.maxEntries) throw conflict(POOL_MESSAGES.maxEntries(pool.maxEntries));
  const entryNum = Math.max(0, ...mine.map((entry) => entry.entryNum)) + 1;
  // Insurance and the bonus pool exist only where the pool offers them (never for NFL TD).
  const teamGame = !picksPlayers(pool.game);
  const [created] = await tx
    .insert(entries)
    .values({
      poolId: pool.id,
      userId: user.id,
      entryNum,
      lives: pool.rebuys + 1,
      bonus: teamGame && pool.bonusActive && !pool.bonusDisabled && input.bonus,
      insurancePurchased: teamGame && pool.insuranceOption !== INSURANCE_OPTION.none && input.insurance,
      signUpKey: input.signUpKey ?? null,
      createdAt: now,
    })
    .returning();
  // The buy-in is charged at sign-up (a $0 buy-in still gets its row), and insurance when bought with it.
  const charges: LedgerRowInput[] = [
    { poolId: pool.id, entryId: created.id, kind: 'buyin', amount: -pool.buyin, createdBy: input.by.id },
  ];
  if (created.insurancePurchased) {
    charges.push({
      poolId: pool.id,
      entryId: created.id,
      kind: 'insurance',
      amount: -pool.insurance,
      createdBy: input.by.id,
    });
  }
  await appendLedger(tx, charges, now);
  const label = entryNum > 1 ? `${user.username} [${entryNum}]` : user.username;
  const link = poolPagePathIn(pool, league);
  const addedByOther = input.by.id !== user.id;
  await postPoolEvent(
    tx,
    {
      poolId: pool.id,
      entryId: created.id,
      userId: user.id,
      type: FEED_EVENT_TYPES.signUp,
      summary: `${label} joined the pool`,
      desc: addedByOther
        ? `${label} was added to ${pool.gameName} ${pool.season} by the Commish.`
        : `${label} signed up for ${pool.gameName} ${pool.season}.`,
      link,
    },
    now,
  );
  if (created.insurancePurchased) {
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        entryId: created.id,
        userId: user.id,
        type: FEED_EVENT_TYPES.insurance,
        summary: `${label} bought pick insurance`,
        desc: `${label} insured their picks for the rest of the season.`,
        link,
      },
      now,
    );
  }
  return { entry: created, entryNum, label, link };
}
