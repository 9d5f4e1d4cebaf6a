import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { entries, nflPlayers, pickAudits, picks, pools, teams } from '../db/schema';
import { loadPoolWeeks, type PoolWeeks } from '../modules/pools/pool-weeks';

type PoolRecord = typeof pools.$inferSelect;
type EntryRecord = typeof entries.$inferSelect;

/** One choice a pick can name: a team (nba, mlb) or an NFL player with their team. */
interface Choice {
  id: string;
  teamAbb: string;
}

interface SeededPick {
  entryId: number;
  userId: number;
  week: number;
  choice: Choice;
  createdAt: Date;
}

const HOUR_MS = 60 * 60 * 1000;

/** A small deterministic generator, so every new demo database gets the same picks. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The demo's picks for every running pool, written straight into the picks table with an audit
 * row whose "who" is the entrant. Locked weeks get a pick from every entry alive then, so Pool
 * Selections shows real distributions; the first open week gets picks from about half of the
 * alive entries (their own future picks, hidden from everyone else). Each pick obeys the rules the
 * server enforces: a team or player once per season per entry, only one with a game that week, one
 * team a week (nba, mlb), or players_per_week players at most max_players_per_team from a team
 * (nfl-td). Every alive entry keeps a team or player it can still pick in each of the next open weeks.
 */
export async function seedDemoPicks(ctx: AppContext, tx?: DbOrTx): Promise<void> {
  const db = tx ?? ctx.db;
  const now = ctx.clock.now();
  const running = await db.select().from(pools).where(eq(pools.final, false)).orderBy(asc(pools.id));
  const teamRows = await db.select({ game: teams.game, abb: teams.abb }).from(teams).orderBy(asc(teams.abb));
  const playerRows = await db
    .select({ id: nflPlayers.id, teamAbb: nflPlayers.teamAbb })
    .from(nflPlayers)
    .orderBy(asc(nflPlayers.id));
  const rows: SeededPick[] = [];
  for (const pool of running) {
    const weeks = await loadPoolWeeks(db, pool);
    const poolEntries = await db
      .select()
      .from(entries)
      .where(eq(entries.poolId, pool.id))
      .orderBy(asc(entries.createdAt), asc(entries.id));
    const choices: Choice[] =
      pool.game === 'nfl-td'
        ? playerRows.map((player) => ({ id: player.id, teamAbb: player.teamAbb }))
        : teamRows
            .filter((team) => team.game === pool.game)
            .map((team) => ({ id: team.abb, teamAbb: team.abb }));
    if (choices.length === 0) continue;
    const calendar = poolCalendar(pool, weeks, now);
    // A shared taste per pool: some teams or players are everyone's favourites, which the
    // distributions of Pool Selections then show.
    const favour = random(pool.id * 7919);
    const popularity = new Map(choices.map((choice) => [choice.id, favour() ** 2]));
    poolEntries.forEach((entry, index) => {
      rows.push(...pickEntry(pool, weeks, calendar, entry, index, choices, popularity));
    });
  }
  if (rows.length === 0) return;
  // Batches keep each insert well under PostgreSQL's parameter limit.
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await db.insert(picks).values(
      batch.map((row) => ({
        entryId: row.entryId,
        week: row.week,
        pickId: row.choice.id,
        teamAbb: row.choice.teamAbb,
        createdBy: row.userId,
        createdAt: row.createdAt,
      })),
    );
    await db.insert(pickAudits).values(
      batch.map((row) => ({
        entryId: row.entryId,
        week: row.week,
        action: 'confirm',
        oldPickId: null,
        newPickId: row.choice.id,
        userId: row.userId,
        createdAt: row.createdAt,
      })),
    );
  }
}

/** Slots of a week to fill with distinct choices; `keep: false` ones are only reserved. */
interface Slot {
  week: number;
  count: number;
  keep: boolean;
}

interface PoolCalendar {
  /** Weeks whose lock has passed, in order. */
  locked: number[];
  /** Weeks still open with games, in order. */
  open: number[];
  lockAt: (week: number) => Date;
  now: Date;
}

function poolCalendar(pool: PoolRecord, weeks: PoolWeeks, now: Date): PoolCalendar {
  const locked: number[] = [];
  const open: number[] = [];
  for (let week = 1; week <= weeks.weekCount; week++) {
    if (weeks.games(week).length === 0) continue;
    const lock = weeks.weekLockAt(week) ?? new Date(pool.deadlines[week - 1]);
    if (lock.getTime() <= now.getTime()) locked.push(week);
    else open.push(week);
  }
  return {
    locked,
    open,
    lockAt: (week) => weeks.weekLockAt(week) ?? new Date(pool.deadlines[week - 1]),
    now,
  };
}

/** One entry's picks: every locked week it was alive for, and maybe the first open week. */
function pickEntry(
  pool: PoolRecord,
  weeks: PoolWeeks,
  calendar: PoolCalendar,
  entry: EntryRecord,
  index: number,
  choices: Choice[],
  popularity: Map<string, number>,
): SeededPick[] {
  const alive = entry.lives > 0 && entry.status === 1;
  // An eliminated entry picked through the week that cost its last life.
  const pickedWeeks = alive ? calendar.locked : calendar.locked.slice(0, entry.weeksAlive + 1);
  const nextWeek = calendar.open[0];
  // About half of the alive entries have already picked ahead for the next week.
  const ahead = alive && nextWeek !== undefined && index % 2 === 0;
  const perWeek = pool.game === 'nfl-td' ? Math.max(1, pool.playersPerWeek) : 1;
  const demand: Slot[] = pickedWeeks.map((week) => ({ week, count: perWeek, keep: true }));
  // Ahead in nfl-td, one slot of the week stays free, so the entrant can still add a player.
  if (ahead) demand.push({ week: nextWeek, count: Math.max(1, perWeek - 1), keep: true });
  // One more slot of each of the next open weeks is matched but never written: whatever the entry
  // picked, it keeps a team (or player) it can still pick, or swap in, there.
  if (alive) for (const week of calendar.open.slice(0, 3)) demand.push({ week, count: 1, keep: false });

  const roll = random(entry.id * 104_729 + pool.id);
  const assignment = assign(
    pool,
    weeks,
    demand,
    choices,
    (choice) =>
      // Favourites first, shuffled a little per entry so entries differ.
      (popularity.get(choice.id) ?? 0) + roll() * 0.6,
  );
  const seeded: SeededPick[] = [];
  for (const { slot, choiceIndex } of assignment) {
    if (!slot.keep) continue;
    seeded.push({
      entryId: entry.id,
      userId: entry.userId,
      week: slot.week,
      choice: choices[choiceIndex],
      createdAt: pickTime(calendar, entry, slot.week, roll),
    });
  }
  return seeded;
}

/**
 * Matches weeks' slots to distinct choices (Kuhn's augmenting paths), so an entry never runs out of
 * teams late in a season where a greedy pick could. A choice fits a week when its team plays then;
 * in nfl-td a week also takes at most max_players_per_team players of one team.
 */
function assign(
  pool: PoolRecord,
  weeks: PoolWeeks,
  demand: Slot[],
  choices: Choice[],
  score: (choice: Choice) => number,
): Array<{ slot: Slot; choiceIndex: number }> {
  const owners = demand.flatMap((slot) => Array.from({ length: slot.count }, () => slot));
  const slots = owners.map((slot) => slot.week);
  const maxPerTeam = pool.game === 'nfl-td' ? Math.max(1, pool.maxPlayersPerTeam) : Number.POSITIVE_INFINITY;
  const ranked = choices
    .map((choice, index) => ({ index, score: score(choice) }))
    .sort((a, b) => b.score - a.score)
    .map((item) => item.index);
  /** choice index to the slot holding it */
  const holder = new Map<number, number>();
  /** slot to the choice index it holds */
  const held = new Map<number, number>();
  const teamCount = (week: number, teamAbb: string, except: number) => {
    let n = 0;
    for (const [slot, choiceIndex] of held) {
      if (slot !== except && slots[slot] === week && choices[choiceIndex].teamAbb === teamAbb) n++;
    }
    return n;
  };
  const fits = (slot: number, choiceIndex: number) => {
    const week = slots[slot];
    const choice = choices[choiceIndex];
    return (
      weeks.teamKickoff(week, choice.teamAbb) !== null && teamCount(week, choice.teamAbb, slot) < maxPerTeam
    );
  };
  const tryPlace = (slot: number, seen: Set<number>): boolean => {
    for (const choiceIndex of ranked) {
      if (seen.has(choiceIndex) || !fits(slot, choiceIndex)) continue;
      seen.add(choiceIndex);
      const other = holder.get(choiceIndex);
      if (other !== undefined) {
        // Move the other slot elsewhere first; only if that works does this slot take the choice.
        held.delete(other);
        holder.delete(choiceIndex);
        if (!tryPlace(other, seen)) {
          held.set(other, choiceIndex);
          holder.set(choiceIndex, other);
          continue;
        }
      }
      held.set(slot, choiceIndex);
      holder.set(choiceIndex, slot);
      return true;
    }
    return false;
  };
  slots.forEach((_, slot) => {
    tryPlace(slot, new Set());
  });
  const result: Array<{ slot: Slot; choiceIndex: number }> = [];
  for (const [slot, choiceIndex] of [...held].sort((a, b) => a[0] - b[0])) {
    // The team cap is rechecked on the final matching: a slot that lost its fit is dropped.
    if (teamCount(slots[slot], choices[choiceIndex].teamAbb, slot) < maxPerTeam) {
      result.push({ slot: owners[slot], choiceIndex });
    } else held.delete(slot);
  }
  return result;
}

/** When the entrant made the pick: hours before the week locked (or, ahead, before now), after signing up. */
function pickTime(calendar: PoolCalendar, entry: EntryRecord, week: number, roll: () => number): Date {
  const before = calendar.locked.includes(week) ? calendar.lockAt(week) : calendar.now;
  const at = before.getTime() - (2 + Math.floor(roll() * 40)) * HOUR_MS;
  return new Date(Math.max(at, entry.createdAt.getTime() + 60_000));
}
