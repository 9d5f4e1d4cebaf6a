import { describe, expect, it } from 'vitest';
import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import type { TeamSchedulesResponse } from '../../../../../core/contracts/sports';
import {
  capPlayers,
  getInitialWeek,
  getPicksAsked,
  getPoolWeekLock,
  getScopedPickButton,
  listWeekButtons,
  matchesPlayerName,
  type PickScope,
} from './pick-view';

const pool: PoolDetails = {
  id: 1,
  game: 'nba',
  season: 2023,
  season_type: 'reg',
  league_id: 1,
  league_abb: 'ala',
  league_name: 'A Level Above',
  is_global: true,
  pool_idx: 0,
  name: 'NBA',
  custom_name: null,
  game_name: 'NBA',
  buyin: 0,
  rebuys: 2,
  lives: 3,
  rebuy_price: 0,
  max_entries: 1,
  ala_pct: 0,
  insurance: 0,
  insurance_option: 0,
  shoot_moon: false,
  bonus_active: false,
  bonus_disabled: false,
  bonus_cadence: 2,
  bonus_entry_weeks: [],
  bonus_options: {},
  start: '2023-10-24T23:00:00Z',
  start_week: 1,
  season_end: null,
  previous_season: null,
  champions: [],
  state: 'in_progress',
  entrants: 4,
  prize_pool: 0,
  end_wipeout: 'split',
  end_crowning: 'automatic',
  tie_rule: 'loss',
  picks_per_week: {},
  auto_pick: false,
  ended: null,
  deadlines: ['2023-10-24T23:00:00Z', '2023-10-30T23:00:00Z', '2023-11-06T23:00:00Z'],
  week_locks: ['2023-10-24T23:00:00Z', '2023-10-30T23:00:00Z', '2023-11-06T23:00:00Z'],
  entry_deadline: '2023-10-24T23:00:00Z',
  final: false,
  players_per_week: 1,
  max_players_per_team: 1,
  nfl_lock_time: 'first_game',
  nfl_pass_tds: 0,
  lock_at_pick_start: false,
  live_week: 1,
  week_count: 3,
  alive: 4,
};

const game = (utc: string) => ({ matchup: 'vs. NYK', utc, gid: utc, status: 'scheduled' as const });
const schedules: TeamSchedulesResponse = {
  BOS: { '1': [game('2023-10-25T23:30:00Z')], '2': [game('2023-11-01T23:30:00Z')] },
  NYK: { '2': [game('2023-11-01T23:30:00Z')] },
};

const entry: MyEntry = {
  id: 7,
  entry_num: 1,
  label: 'sam',
  status: 1,
  lives: 3,
  rebuys_made: 0,
  needs_rebuy: false,
  auto_rebuy: false,
  bonus: false,
  insurance_purchased: false,
  extinct: false,
  weeks_alive: 1,
  picks: [{ week: 1, pick_id: 'BOS', team_abb: 'BOS', name: 'Boston Celtics', by_insurance: false }],
};
const member: PoolViewer = {
  signed_in: true,
  username: 'sam',
  is_member: true,
  is_league_admin: false,
  can_register: false,
  entries: [entry],
};

function scope(overrides: Partial<PickScope>): PickScope {
  return {
    pool,
    viewer: member,
    entry,
    schedules,
    week: 2,
    now: new Date('2023-10-27T12:00:00Z'),
    ...overrides,
  };
}
const target = (abb: string) => ({
  id: abb,
  name: abb,
  teamAbb: abb,
  hasGame: Boolean(schedules[abb]?.['2']),
});

describe('pick buttons on the Make Picks tab', () => {
  it('reads LOGIN TO PICK for a visitor', () => {
    const visitor: PoolViewer = { ...member, signed_in: false, username: null, entries: [] };
    expect(getScopedPickButton(scope({ viewer: visitor, entry: null }), target('NYK')).label).toBe(
      'LOGIN TO PICK',
    );
  });

  it('reads JOIN POOL TO PICK before the entry deadline and NOT IN POOL after it', () => {
    const outsider = { ...member, entries: [] };
    const early = scope({ viewer: outsider, entry: null, now: new Date('2023-10-20T00:00:00Z') });
    expect(getScopedPickButton(early, target('NYK')).label).toBe('JOIN POOL TO PICK');
    expect(getScopedPickButton(scope({ viewer: outsider, entry: null }), target('NYK')).label).toBe(
      'NOT IN POOL',
    );
  });

  it('reads MEMBERS ONLY, not JOIN POOL TO PICK, for an outsider of a private league who cannot sign up', () => {
    const early = new Date('2023-10-20T00:00:00Z');
    const league = { ...pool, is_global: false, league_name: 'Sunday Squad' };
    const outsider: PoolViewer = { ...member, is_member: false, can_register: false, entries: [] };
    const kept = getScopedPickButton(
      scope({ pool: league, viewer: outsider, entry: null, now: early }),
      target('NYK'),
    );
    expect([kept.state, kept.label, kept.enabled, kept.action]).toEqual([
      'members_only',
      'MEMBERS ONLY',
      false,
      null,
    ]);
    expect(kept.message).toBe('Only members of the Sunday Squad league can join its pools.');
    // A league open to join lets an outsider sign up: joining is the way in.
    const open = { ...outsider, can_register: true };
    expect(
      getScopedPickButton(scope({ pool: league, viewer: open, entry: null, now: early }), target('NYK'))
        .label,
    ).toBe('JOIN POOL TO PICK');
  });

  it('shows the week a team was used in, SELECT for an open team and LOCKED after the deadline', () => {
    expect(getScopedPickButton(scope({}), target('BOS')).label).toBe('Week 1');
    expect(getScopedPickButton(scope({}), target('NYK')).label).toBe('SELECT');
    expect(getScopedPickButton(scope({ week: 1 }), target('BOS')).label).toBe('LOCKED');
  });

  it('offers CANCEL SELECTION on the pick of an open week', () => {
    const picked = { ...entry, picks: [{ ...entry.picks[0], week: 2 }] };
    const button = getScopedPickButton(scope({ entry: picked }), target('BOS'));
    expect([button.label, button.shortLabel, button.selected]).toEqual(['CANCEL SELECTION', 'CANCEL', true]);
  });

  it('reads ELIMINATED and REBUY TO PICK for entries out of lives or owing a rebuy', () => {
    expect(
      getScopedPickButton(scope({ entry: { ...entry, extinct: true, lives: 0 } }), target('NYK')).label,
    ).toBe('ELIMINATED');
    expect(getScopedPickButton(scope({ entry: { ...entry, needs_rebuy: true } }), target('NYK')).label).toBe(
      'REBUY TO PICK',
    );
  });

  it('locks NFL TD weeks under the pool mode over the week kickoffs', () => {
    const nfl = { ...pool, game: 'nfl-td', nfl_lock_time: 'last_game' };
    expect(getPoolWeekLock(nfl, 2, schedules)?.toISOString()).toBe('2023-11-01T23:30:00.000Z');
    expect(getPoolWeekLock(pool, 2, schedules)?.toISOString()).toBe('2023-10-30T23:00:00.000Z');
  });
});

describe('NFL Survivor pick buttons', () => {
  // Week 2: CIN plays Thursday night, KC on Sunday afternoon, NYG on Monday; BUF is on a bye.
  const nflGame = (utc: string) => ({ matchup: 'vs. XXX', utc, gid: utc, status: 'scheduled' as const });
  const nflSchedules: TeamSchedulesResponse = {
    CIN: { '2': [nflGame('2023-09-15T00:15:00Z')] },
    KC: { '2': [nflGame('2023-09-17T20:25:00Z')] },
    NYG: { '2': [nflGame('2023-09-19T00:15:00Z')] },
    BUF: { '1': [nflGame('2023-09-08T00:20:00Z')] },
  };
  const survivor: PoolDetails = {
    ...pool,
    game: 'nfl',
    nfl_lock_time: 'early_slate',
    picks_per_week: { '2': 2 },
    deadlines: ['2023-09-08T00:20:00Z', '2023-09-15T00:15:00Z', '2023-09-22T00:15:00Z'],
  };
  const pick = (abb: string, week = 2) => ({
    week,
    pick_id: abb,
    team_abb: abb,
    name: abb,
    by_insurance: false,
  });
  const nflScope = (picks: ReturnType<typeof pick>[], now: string, overrides: Partial<PickScope> = {}) =>
    scope({
      pool: survivor,
      entry: { ...entry, picks },
      schedules: nflSchedules,
      now: new Date(now),
      ...overrides,
    });
  const team = (abb: string) => {
    const kickoff = nflSchedules[abb]?.['2']?.[0]?.utc;
    return {
      id: abb,
      name: abb,
      teamAbb: abb,
      hasGame: kickoff !== undefined,
      kickoff: kickoff ? new Date(kickoff) : null,
    };
  };
  const label = (s: PickScope, abb: string) => getScopedPickButton(s, team(abb)).label;
  const oneAWeek = { ...survivor, picks_per_week: {} };

  it('locks the week at the early slate and each team at its own kickoff', () => {
    expect(getPoolWeekLock(survivor, 2, nflSchedules)?.toISOString()).toBe('2023-09-17T17:00:00.000Z');
    const friday = nflScope([], '2023-09-15T12:00:00Z');
    expect([label(friday, 'CIN'), label(friday, 'KC'), label(friday, 'BUF')]).toEqual([
      'LOCKED',
      'SELECT',
      'BYE WEEK',
    ]);
    // Past the deadline a Monday game is locked too.
    expect(label(nflScope([], '2023-09-17T18:00:00Z'), 'NYG')).toBe('LOCKED');
  });

  it('swaps a one-pick week’s pick until its game kicks off', () => {
    const before = nflScope([pick('KC')], '2023-09-14T12:00:00Z', { pool: oneAWeek });
    expect([label(before, 'KC'), label(before, 'NYG')]).toEqual(['CANCEL SELECTION', 'SELECT']);
    // The Thursday pick has kicked off: it stays, and no other team can take its place.
    const after = nflScope([pick('CIN')], '2023-09-15T12:00:00Z', { pool: oneAWeek });
    expect([label(after, 'CIN'), label(after, 'KC')]).toEqual(['LOCKED', 'LOCKED']);
    expect(getScopedPickButton(after, team('CIN')).selected).toBe(true);
  });

  it('takes k teams in a multi-pick week, then only cancelling', () => {
    const one = nflScope([pick('KC')], '2023-09-14T12:00:00Z');
    expect(label(one, 'NYG')).toBe('SELECT');
    const full = nflScope([pick('KC'), pick('NYG')], '2023-09-14T12:00:00Z');
    const button = getScopedPickButton(full, team('CIN'));
    expect([button.state, button.action]).toEqual(['week_full', 'alert']);
    expect(button.message).toBe(
      'You have already made the maximum of 2 selection(s) for Week 2. Please cancel one of your picks to select a different team.',
    );
  });

  it('shows the week a team was used in', () => {
    expect(label(nflScope([pick('KC', 1)], '2023-09-14T12:00:00Z'), 'KC')).toBe('Week 1');
  });

  it('asks the picks of the week: one, or a multi-pick week’s k', () => {
    expect(getPicksAsked(survivor, 1)).toBe(1);
    expect(getPicksAsked(survivor, 2)).toBe(2);
    expect(getPicksAsked({ ...pool, players_per_week: 3 }, 2)).toBe(1);
    expect(getPicksAsked({ ...pool, game: 'nfl-td', players_per_week: 3 }, 2)).toBe(3);
  });
});

describe('Make Picks helpers', () => {
  it('opens on the first week still open, within the season', () => {
    expect(getInitialWeek(pool)).toBe(2);
    expect(getInitialWeek({ ...pool, live_week: 3 })).toBe(3);
    expect(getInitialWeek({ ...pool, live_week: 0 })).toBe(1);
  });

  it('lists up to seven week buttons around the shown week', () => {
    expect(listWeekButtons(1, 17)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(listWeekButtons(10, 17)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(listWeekButtons(17, 17)).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(listWeekButtons(2, 3)).toEqual([1, 2, 3]);
  });

  it('matches display_name or short_name case-insensitively', () => {
    const player = { display_name: 'Patrick Mahomes', short_name: 'P. Mahomes' };
    expect(matchesPlayerName(player, 'mahom')).toBe(true);
    expect(matchesPlayerName(player, 'p. MAH')).toBe(true);
    expect(matchesPlayerName(player, 'kelce')).toBe(false);
  });

  it('caps a position by depth rank', () => {
    const rbs = [5, 1, 3, 2, 4].map((rank) => ({ position: 'RB', depth_rank: rank }));
    expect(capPlayers(rbs, 'RB').map((p) => p.depth_rank)).toEqual([1, 2, 3, 4]);
    expect(capPlayers(rbs, 'QB')).toEqual([]);
  });
});
