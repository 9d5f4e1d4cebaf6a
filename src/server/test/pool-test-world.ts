import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { games, nflPlayers, teams } from '../db/schema';
import { buildEntry, buildPool } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addMemberByInvite, createLeagueAs, registerNamed, type TestUser } from './league-test-world';

/*
 * A small season to pick in, on the test clock (2026-11-22T18:00Z): week 1 has locked, weeks 2 and 3
 * are open. MLB teams NYY, BOS, HOU play every week; TOR plays only in week 1. NFL week 2 has a
 * Thursday game (KC-BAL, already kicked off), a Sunday early game (GB-ATL) and a Sunday late game
 * (SF-DAL and NYJ-MIA).
 */

export const NOW = new Date('2026-11-22T18:00:00Z');
export const DEADLINES = ['2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'];

/** Thursday 2026-11-19 kickoff of week 2 NFL (already started at NOW). */
export const NFL_THURSDAY = new Date('2026-11-20T01:15:00Z');
/** Sunday 2026-11-22 10:00 Pacific (18:00Z): started exactly at NOW. */
export const NFL_SUNDAY_EARLY = new Date('2026-11-22T18:00:00Z');
/** Sunday 2026-11-22 13:25 Pacific. */
export const NFL_SUNDAY_LATE = new Date('2026-11-22T21:25:00Z');

export const TEAM_NAMES: Record<string, string> = {
  NYY: 'New York Yankees',
  BOS: 'Boston Red Sox',
  HOU: 'Houston Astros',
  TOR: 'Toronto Blue Jays',
};

let gid = 0;

async function insertGame(
  ctx: AppContext,
  values: { game: string; week: number; home: string; away: string; startTime: Date; season?: number },
) {
  gid += 1;
  await ctx.db.insert(games).values({ season: 2023, gid: `g${gid}`, ...values });
}

/** MLB teams and a three-week schedule. */
export async function seedMlbSeason(ctx: AppContext): Promise<void> {
  await ctx.db.insert(teams).values(
    Object.entries(TEAM_NAMES).map(([abb, name]) => ({
      game: 'mlb',
      abb,
      name,
      city: name.split(' ')[0],
      colorOne: '#000',
      colorTwo: '#fff',
    })),
  );
  for (let week = 1; week <= 3; week++) {
    const start = new Date(new Date(DEADLINES[week - 1]).getTime() + 60 * 60 * 1000);
    await insertGame(ctx, { game: 'mlb', week, home: 'NYY', away: 'BOS', startTime: start });
    await insertGame(ctx, { game: 'mlb', week, home: 'HOU', away: 'NYY', startTime: start });
  }
  await insertGame(ctx, {
    game: 'mlb',
    week: 1,
    home: 'TOR',
    away: 'HOU',
    startTime: new Date('2026-11-16T02:00:00Z'),
  });
}

/** NFL players (two per team) and a week-2 schedule; week 3 has one Sunday game. */
export async function seedNflSeason(ctx: AppContext): Promise<void> {
  const rows = [
    ['kc1', 'Patrick Mahomes', 'QB', 'KC'],
    ['kc2', 'Travis Kelce', 'TE', 'KC'],
    ['bal1', 'Lamar Jackson', 'QB', 'BAL'],
    ['gb1', 'Jordan Love', 'QB', 'GB'],
    ['gb2', 'Josh Jacobs', 'RB', 'GB'],
    ['gb3', 'Jayden Reed', 'WR', 'GB'],
    ['atl1', 'Bijan Robinson', 'RB', 'ATL'],
    ['sf1', 'Christian McCaffrey', 'RB', 'SF'],
    ['sf2', 'Brock Purdy', 'QB', 'SF'],
    ['dal1', 'CeeDee Lamb', 'WR', 'DAL'],
    ['nyj1', 'Breece Hall', 'RB', 'NYJ'],
  ];
  await ctx.db.insert(nflPlayers).values(
    rows.map(([id, name, position, teamAbb]) => ({
      id,
      name,
      displayName: name,
      shortName: name,
      position,
      teamAbb,
    })),
  );
  await insertGame(ctx, { game: 'nfl-td', week: 2, home: 'KC', away: 'BAL', startTime: NFL_THURSDAY });
  await insertGame(ctx, { game: 'nfl-td', week: 2, home: 'GB', away: 'ATL', startTime: NFL_SUNDAY_EARLY });
  await insertGame(ctx, { game: 'nfl-td', week: 2, home: 'SF', away: 'DAL', startTime: NFL_SUNDAY_LATE });
  await insertGame(ctx, { game: 'nfl-td', week: 2, home: 'NYJ', away: 'MIA', startTime: NFL_SUNDAY_LATE });
  await insertGame(ctx, {
    game: 'nfl-td',
    week: 3,
    home: 'GB',
    away: 'SF',
    startTime: new Date('2026-11-29T21:25:00Z'),
  });
}

export interface PoolWorld {
  owner: TestUser;
  leagueId: number;
}

/** A commissioner and a league of theirs (joinable unless hidden or told otherwise). */
export async function createPoolWorld(
  app: FastifyInstance,
  league: { hidden?: boolean; joinable?: boolean } = {},
): Promise<PoolWorld> {
  const owner = await registerNamed(app, 'commish');
  // Open to everyone unless a test asks otherwise: most read a pool as a visitor or an outsider, and a
  // private league's pools are its members' (decision 035).
  const leagueId = await createLeagueAs(app, owner, {
    name: 'Sunday Squad',
    abb: 'SQUAD',
    joinable: !league.hidden,
    ...league,
  });
  return { owner, leagueId };
}

/** A user named `username`, registered and joined to the league by invite. */
export async function joinLeague(t: TestApp, leagueId: number, username: string): Promise<TestUser> {
  const user = await registerNamed(t.app, username);
  await addMemberByInvite(t.app, t.ctx, leagueId, user);
  return user;
}

export interface PoolWorldOptions {
  hidden?: boolean;
  joinable?: boolean;
  /** League members to register, in this order. */
  members?: readonly string[];
  /** Test seasons to seed: the MLB teams and weeks, the NFL players and weeks. */
  seasons?: ReadonlyArray<'mlb' | 'nfl'>;
  /** Settings of the app (as the environment gives them). */
  env?: Record<string, string>;
}

/** The test app on the test clock (NOW), a commissioner's league, its members and the test seasons asked for. */
export async function startPoolWorld(
  options: PoolWorldOptions = {},
): Promise<{ t: TestApp; world: PoolWorld; members: TestUser[] }> {
  const { members: names = [], seasons = [], env, ...league } = options;
  const t = await createTestApp({ now: NOW, env });
  const world = await createPoolWorld(t.app, league);
  if (seasons.includes('mlb')) await seedMlbSeason(t.ctx);
  if (seasons.includes('nfl')) await seedNflSeason(t.ctx);
  const members: TestUser[] = [];
  for (const name of names) members.push(await joinLeague(t, world.leagueId, name));
  return { t, world, members };
}

/** Ends the test season's games of a week as final with these scores, keyed 'HOME-AWAY'; returns the week's games. */
export async function finishWeek(ctx: AppContext, week: number, scores: Record<string, [number, number]>) {
  const played = await ctx.db.select().from(games).where(eq(games.week, week)).orderBy(games.id);
  for (const game of played) {
    const [home, away] = scores[`${game.home}-${game.away}`];
    await ctx.db
      .update(games)
      .set({ homeScore: home, awayScore: away, final: true, status: 'final' })
      .where(eq(games.id, game.id));
  }
  return played;
}

/** An MLB pool of the league with the three test weeks. */
export function buildMlbPool(
  ctx: AppContext,
  leagueId: number,
  values: Parameters<typeof buildPool>[1] | object = {},
) {
  return buildPool(ctx, { leagueId, deadlines: DEADLINES, ...values });
}

/** An NFL TD pool of the league with the three test weeks (deadlines at the start of each week). */
export function buildNflPool(ctx: AppContext, leagueId: number, values: object = {}) {
  return buildPool(ctx, {
    leagueId,
    game: 'nfl-td',
    gameName: 'NFL TD',
    deadlines: ['2026-11-12T00:00:00Z', '2026-11-19T00:00:00Z', '2026-11-26T00:00:00Z'],
    ...values,
  });
}

/** The NFL clubs of the test season (and NE, on a bye in week 2), stored with the NFL schedule. */
export async function seedNflTeams(ctx: AppContext): Promise<void> {
  const clubs = ['KC', 'BAL', 'GB', 'ATL', 'SF', 'DAL', 'NYJ', 'MIA', 'NE'];
  await ctx.db.insert(teams).values(
    clubs.map((abb) => ({
      game: 'nfl-td',
      abb,
      name: `${abb} club`,
      city: abb,
      colorOne: '#000',
      colorTwo: '#fff',
    })),
  );
}

/**
 * An NFL Survivor pool of the league on the test NFL weeks, from week 2 (week 1 has no games). Week 2
 * locks at its last kickoff unless told otherwise, so its Sunday late games are still open at NOW.
 */
export function buildNflSurvivorPool(ctx: AppContext, leagueId: number, values: object = {}) {
  return buildPool(ctx, {
    leagueId,
    game: 'nfl',
    gameName: 'NFL Survivor',
    deadlines: ['2026-11-12T00:00:00Z', '2026-11-19T00:00:00Z', '2026-11-26T00:00:00Z'],
    start: new Date('2026-11-19T00:00:00Z'),
    entryDeadline: new Date('2026-11-19T00:00:00Z'),
    startWeek: 2,
    nflLockTime: 'last_game',
    lockAtPickStart: false,
    rebuys: 1,
    ...values,
  });
}

/**
 * Charges every entry of the pool on the ledger as sign-up, insurance and rebuys do, at the pool's prices now:
 * the prize pool is what the ledger holds, and `enter` writes no money.
 */
export async function chargeEntries(ctx: AppContext, poolId: number): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await ctx.db.execute(sql`
    insert into ledger (pool_id, entry_id, kind, amount, created_at)
    select p.id, e.id, c.kind, c.amount, ${now}::timestamptz
    from entries e join pools p on p.id = e.pool_id
    cross join lateral (
      select 'buyin' as kind, -p.buyin as amount where p.buyin > 0
      union all select 'insurance', -p.insurance where e.insurance_purchased and p.insurance > 0
      union all select 'rebuy', -p.rebuy_price from generate_series(1, e.rebuys_made) where p.rebuy_price > 0
    ) c
    where p.id = ${poolId}
    order by e.id`);
}

/** An entry of `user` in the pool. */
export function enter(ctx: AppContext, poolId: number, user: TestUser, values: object = {}) {
  return buildEntry(ctx, { poolId, userId: user.id, ...values });
}
