import { describe, expect, it } from 'vitest';
import {
  isPlayerAdvancing,
  judgeNflPick,
  judgeNflTeam,
  judgePlayerPick,
  judgeTeamPick,
  type PickVerdict,
} from './results';
import type { TeamRecord } from './scenario.schema';

describe('judgeTeamPick', () => {
  it.each<[string, TeamRecord, boolean, PickVerdict]>([
    ['winning week advances', [3, 1], false, 'advance'],
    ['.500 advances', [2, 2], false, 'advance'],
    ['0-0 advances', [0, 0], false, 'advance'],
    ['losing week loses', [1, 3], false, 'loss'],
    ['0-6 without the moon option loses', [0, 6], false, 'loss'],
    ['0-6 with the moon option is a moon', [0, 6], true, 'moon'],
    ['0-7 is a moon', [0, 7], true, 'moon'],
    ['0-5 is only a loss', [0, 5], true, 'loss'],
    ['1-6 is only a loss', [1, 6], true, 'loss'],
    ['0-0 with the moon option advances', [0, 0], true, 'advance'],
  ])('%s', (_, record, shootMoon, verdict) => {
    expect(judgeTeamPick(record, shootMoon)).toBe(verdict);
  });
});

describe('isPlayerAdvancing', () => {
  const none = { pass_td: 0, rush_td: 0, rec_td: 0, st_td: 0, def_td: 0 };
  it.each([
    ['rushing TD', { ...none, rush_td: 1 }, 2, true],
    ['receiving TD', { ...none, rec_td: 1 }, 2, true],
    ['special-teams TD', { ...none, st_td: 1 }, 2, true],
    ['defensive TD', { ...none, def_td: 1 }, 2, true],
    ['no TD', none, 2, false],
    ['no stats line', undefined, 2, false],
    ['pass TDs ignored at threshold 0', { ...none, pass_td: 5 }, 0, false],
    ['1 pass TD at threshold 1', { ...none, pass_td: 1 }, 1, true],
    ['1 pass TD at threshold 2', { ...none, pass_td: 1 }, 2, false],
    ['2 pass TDs at threshold 2', { ...none, pass_td: 2 }, 2, true],
    ['3 pass TDs at threshold 3', { ...none, pass_td: 3 }, 3, true],
    ['3 pass TDs at threshold 4', { ...none, pass_td: 3 }, 4, false],
    ['5 pass TDs at threshold 5', { ...none, pass_td: 5 }, 5, true],
    ['4 pass TDs at threshold 5', { ...none, pass_td: 4 }, 5, false],
  ])('%s', (_, stats, threshold, advances) => {
    expect(isPlayerAdvancing(stats, threshold)).toBe(advances);
  });
});

describe('judgePlayerPick', () => {
  const stats = { qb: { pass_td: 1 }, rb: { rush_td: 1 }, wr: {} };
  it.each<[string, string[], PickVerdict]>([
    ['any advancing player advances the entry', ['qb', 'rb'], 'advance'],
    ['no advancing player loses', ['qb', 'wr'], 'loss'],
    ['a player without a stats line scored nothing', ['ghost'], 'loss'],
    ['an id shaped like a prototype key scored nothing', ['constructor'], 'loss'],
  ])('%s', (_, ids, verdict) => {
    expect(judgePlayerPick(ids, stats, 2)).toBe(verdict);
  });
});

describe('the classic NFL game', () => {
  it('judges a team by its game: a win, a loss, a tie by the pool rule, a game not played advances', () => {
    expect(judgeNflTeam([1, 0, 0], 'loss')).toBe('advance');
    expect(judgeNflTeam([0, 1, 0], 'win')).toBe('loss');
    expect(judgeNflTeam([0, 0, 1], 'loss')).toBe('loss');
    expect(judgeNflTeam([0, 0, 1], 'win')).toBe('advance');
    expect(judgeNflTeam([0, 0, 0], 'loss')).toBe('advance');
    expect(judgeNflTeam([0, 0], 'loss')).toBe('advance');
  });

  it('asks every team of a multi-pick week to advance, and k of them', () => {
    const teams: Record<string, TeamRecord> = { KC: [1, 0, 0], BUF: [1, 0, 0], NYJ: [0, 1, 0] };
    expect(judgeNflPick(['KC', 'BUF'], teams, 2, 'loss')).toBe('advance');
    expect(judgeNflPick(['KC', 'NYJ'], teams, 2, 'loss')).toBe('loss');
    expect(judgeNflPick(['KC'], teams, 2, 'loss')).toBe('loss');
  });
});
