import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { picksPlayers, scheduleOfKey } from '../../core/games';
import { ENTRY_STATUS } from '../../core/pool/entry-status';
import { createRandom } from '../../core/season';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { PoolRecord } from '../db/schema';
import { entries, games, nflPlayers, pickAudits, picks, teams, users } from '../db/schema';
import { type SettlementRun, settleDueWeeks } from '../modules/pools/settlement/settle-pool.job';
import { appendLedger } from '../modules/pools/store/ledger.repo';
import { picksAsked } from '../modules/pools/store/owed-picks.repo';
import { loadPoolWeeks } from '../modules/pools/store/pool-weeks.repo';
import { DEMO_USERS } from './demo-users';

const HOUR_MS = 60 * 60 * 1000;
/** Within this long of a lock every demo entrant has picked; before it, about half have picked ahead. */
const EVERYONE_PICKS_MS = 12 * HOUR_MS;
/** Demo players who never pay a rebuy (the others always do, at once). */
const NEVER_REBUY = new Set(['blake', 'drew']);

interface Choice {
  id: string;
  teamAbb: string;
}

/**
 * Settles the demo's due weeks with its entrants acting before each lock (docs/decisions/001): lives,
 * standings and money in the demo all come from settling their picks on the replayed results.
 */
export function settleDemoWeeks(ctx: AppContext): Promise<SettlementRun> {
  return settleDueWeeks(ctx, {
    beforeLock: (pool, week, lockAt) => actForDemoEntrants(ctx, pool, week, lockAt),
  });
}

/**
 * What the demo's own players do before a week locks: an entry waiting for a rebuy pays it (every
 * other one lets it lapse), and an entry still in play without a pick picks: a team (or players) it has
 * not used, with a game that week, favourites first. Real accounts in the demo are never touched, and
 * picks are dated before both the lock and the clock's now, as the entrant would have made them.
 */
export async function actForDemoEntrants(
  ctx: AppContext,
  pool: PoolRecord,
  week: number,
  lockAt: Date,
): Promise<void> {
  const now = ctx.clock.now();
  const ahead = lockAt.getTime() > now.getTime();
  const everyone = lockAt.getTime() - now.getTime() <= EVERYONE_PICKS_MS;
  const calendar = await loadPoolWeeks(ctx.db, pool, week);
  const weekGames = calendar.games(week);
  if (weekGames.length === 0) return;
  const demoNames = DEMO_USERS.map(([username]) => username);
  await ctx.db.transaction(async (tx) => {
    const players = await tx
      .select({ entry: entries, username: users.username })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(
        and(
          eq(entries.poolId, pool.id),
          eq(entries.status, ENTRY_STATUS.active),
          sql`${entries.lives} > 0`,
          lte(entries.createdAt, lockAt),
          inArray(users.username, demoNames),
        ),
      )
      .orderBy(asc(entries.id))
      .for('update', { of: entries });
    if (players.length === 0) return;
    const ids = players.map((p) => p.entry.id);
    const existing = await tx
      .select({ entryId: picks.entryId, week: picks.week, pickId: picks.pickId, teamAbb: picks.teamAbb })
      .from(picks)
      .where(inArray(picks.entryId, ids));
    const audits = await tx
      .select({ entryId: pickAudits.entryId })
      .from(pickAudits)
      .where(and(inArray(pickAudits.entryId, ids), eq(pickAudits.week, week)));
    const touched = new Set(audits.map((row) => row.entryId));
    const choices = await listChoices(tx, pool);
    const favour = createRandom(pool.id * 7919);
    const popularity = new Map(choices.map((choice) => [choice.id, favour() ** 2]));
    // Demo entrants pick as people do: teams with the best record so far, with a taste of their own.
    const form = await loadTeamForm(tx, pool, lockAt);
    const perWeek = picksAsked(pool, week);
    const maxPerTeam = picksPlayers(pool.game) ? Math.max(1, pool.maxPlayersPerTeam) : 1;

    for (const { entry, username } of players) {
      const roll = createRandom(entry.id * 104_729 + pool.id * 31 + week);
      const pickedAt = new Date(
        Math.max(
          entry.createdAt.getTime() + 60_000,
          Math.min(lockAt.getTime(), now.getTime()) - (2 + Math.floor(roll() * 30)) * HOUR_MS,
        ),
      );
      if (pickedAt.getTime() >= lockAt.getTime() || pickedAt.getTime() > now.getTime()) continue;
      if (entry.needsRebuy) {
        // They rebuy as soon as they need to, but for two who let it lapse and are eliminated at the lock.
        if (NEVER_REBUY.has(username)) continue;
        await tx
          .update(entries)
          .set({ needsRebuy: false, rebuysMade: entry.rebuysMade + 1 })
          .where(eq(entries.id, entry.id));
        if (pool.rebuyPrice > 0) {
          await appendLedger(
            tx,
            [
              {
                poolId: pool.id,
                entryId: entry.id,
                kind: 'rebuy',
                amount: -pool.rebuyPrice,
                week,
                notes: `Rebuy before Week ${week}`,
                createdBy: entry.userId,
              },
            ],
            pickedAt,
          );
        }
      }
      if (ahead && !everyone && entry.id % 2 === 1) continue;
      // A week someone already picked or cancelled in (a visitor playing as this demo player) is theirs.
      if (touched.has(entry.id)) continue;
      const own = existing.filter((pick) => pick.entryId === entry.id);
      const thisWeek = own.filter((pick) => pick.week === week);
      // Picking ahead in nfl-td, one slot of the week stays free for a late change of mind.
      const wanted = ahead && !everyone && perWeek > 1 ? perWeek - 1 : perWeek;
      if (thisWeek.length >= wanted) continue;
      const used = new Set(own.map((pick) => pick.pickId));
      const perTeam = new Map<string, number>();
      for (const pick of thisWeek) perTeam.set(pick.teamAbb, (perTeam.get(pick.teamAbb) ?? 0) + 1);
      const ranked = choices
        .filter((choice) => !used.has(choice.id))
        .filter((choice) => {
          const kickoff = calendar.teamKickoff(week, choice.teamAbb);
          return kickoff !== null && kickoff.getTime() > pickedAt.getTime();
        })
        .map((choice) => ({
          choice,
          score: (form.get(choice.teamAbb) ?? 0.5) + (popularity.get(choice.id) ?? 0) * 0.2 + roll() * 0.25,
        }))
        .sort((a, b) => b.score - a.score);
      const chosen: Choice[] = [];
      for (const { choice } of ranked) {
        if (thisWeek.length + chosen.length >= wanted) break;
        if ((perTeam.get(choice.teamAbb) ?? 0) >= maxPerTeam) continue;
        perTeam.set(choice.teamAbb, (perTeam.get(choice.teamAbb) ?? 0) + 1);
        chosen.push(choice);
      }
      if (chosen.length === 0) continue;
      await tx.insert(picks).values(
        chosen.map((choice) => ({
          entryId: entry.id,
          week,
          pickId: choice.id,
          teamAbb: choice.teamAbb,
          createdBy: entry.userId,
          createdAt: pickedAt,
        })),
      );
      await tx.insert(pickAudits).values(
        chosen.map((choice) => ({
          entryId: entry.id,
          week,
          action: 'confirm',
          oldPickId: null,
          newPickId: choice.id,
          userId: entry.userId,
          createdAt: pickedAt,
        })),
      );
      for (const choice of chosen)
        existing.push({ entryId: entry.id, week, pickId: choice.id, teamAbb: choice.teamAbb });
    }
  });
}

/** Each team's share of wins in its final games before an instant (nba, mlb); empty for nfl-td. */
async function loadTeamForm(db: DbOrTx, pool: PoolRecord, before: Date): Promise<Map<string, number>> {
  const form = new Map<string, number>();
  if (picksPlayers(pool.game)) return form;
  const rows = await db
    .select({ home: games.home, away: games.away, homeScore: games.homeScore, awayScore: games.awayScore })
    .from(games)
    .where(
      and(
        eq(games.game, scheduleOfKey(pool.game)),
        eq(games.season, pool.season),
        eq(games.final, true),
        lt(games.startTime, before),
      ),
    );
  const tally = new Map<string, [number, number]>();
  for (const row of rows) {
    if (row.homeScore === null || row.awayScore === null || row.homeScore === row.awayScore) continue;
    const homeWon = row.homeScore > row.awayScore;
    for (const [team, won] of [
      [row.home, homeWon],
      [row.away, !homeWon],
    ] as const) {
      const [w, l] = tally.get(team) ?? [0, 0];
      tally.set(team, won ? [w + 1, l] : [w, l + 1]);
    }
  }
  for (const [team, [w, l]] of tally) form.set(team, w / (w + l));
  return form;
}

async function listChoices(db: DbOrTx, pool: PoolRecord): Promise<Choice[]> {
  if (picksPlayers(pool.game)) {
    const rows = await db
      .select({ id: nflPlayers.id, teamAbb: nflPlayers.teamAbb })
      .from(nflPlayers)
      .orderBy(asc(nflPlayers.id));
    return rows;
  }
  const rows = await db
    .select({ abb: teams.abb })
    .from(teams)
    .where(eq(teams.game, scheduleOfKey(pool.game)))
    .orderBy(asc(teams.abb));
  return rows.map((row) => ({ id: row.abb, teamAbb: row.abb }));
}
