import { describe, expect, it } from 'vitest';
import { must } from '../must';
import { playSeason } from './play-season';
import type { ScenarioInput } from './scenario.schema';
import {
  assertValidScenario,
  parseScenario,
  parseScenarioText,
  ScenarioError,
  type ScenarioRule,
} from './validate';

const nba = (entries: ScenarioInput['entries']): ScenarioInput => ({
  pool: { game: 'nba' },
  weeks: [
    { week: 1, teams: { BOS: [1, 0], LAL: [0, 1] } },
    { week: 2, teams: { BOS: [1, 0], MIA: [0, 1] } },
  ],
  entries,
});

const nfl = (pool: Record<string, unknown>, picks: Record<string, string[]>): ScenarioInput => ({
  pool: { game: 'nfl-td', players_per_week: 2, max_players_per_team: 1, ...pool },
  players: [
    { id: 'qb', team: 'KC' },
    { id: 'wr', team: 'KC' },
    { id: 'rb', team: 'SF' },
  ],
  weeks: [{ week: 1 }, { week: 2 }],
  entries: [{ id: 'ann', picks }],
});

function violation(input: unknown): ScenarioError | null {
  try {
    assertValidScenario(parseScenario(input));
    return null;
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
}

describe('assertValidScenario', () => {
  it.each<[string, unknown, ScenarioRule, string | null, number | null]>([
    ['team used twice', nba([{ id: 'ann', picks: { '1': 'BOS', '2': 'BOS' } }]), 'team-used-twice', 'ann', 2],
    [
      'team with no entry in the week',
      nba([{ id: 'ann', picks: { '2': 'LAL' } }]),
      'team-not-in-week',
      'ann',
      2,
    ],
    [
      'prototype key is not a team',
      nba([{ id: 'ann', picks: { '1': 'toString' } }]),
      'team-not-in-week',
      'ann',
      1,
    ],
    [
      'pick for a week not in the scenario',
      nba([{ id: 'ann', picks: { '9': 'BOS' } }]),
      'unknown-week',
      'ann',
      9,
    ],
    ['nba pick given as a list', nba([{ id: 'ann', picks: { '1': ['BOS'] } }]), 'malformed', 'ann', 1],
    [
      'later entry is named',
      nba([
        { id: 'ok', picks: {} },
        { id: 'bad', picks: { '1': 'X' } },
      ]),
      'team-not-in-week',
      'bad',
      1,
    ],
    ['unknown player', nfl({}, { '1': ['te'] }), 'unknown-player', 'ann', 1],
    [
      'more picks than players_per_week',
      nfl({ max_players_per_team: 2 }, { '1': ['qb', 'wr', 'rb'] }),
      'too-many-players',
      'ann',
      1,
    ],
    ['more players of one team than allowed', nfl({}, { '2': ['qb', 'wr'] }), 'too-many-from-team', 'ann', 2],
    ['player used twice across weeks', nfl({}, { '1': ['qb'], '2': ['qb'] }), 'player-used-twice', 'ann', 2],
    [
      'player listed twice in one week',
      nfl({ max_players_per_team: 2 }, { '1': ['qb', 'qb'] }),
      'player-used-twice',
      'ann',
      1,
    ],
    ['nfl pick given as a string', nfl({}, { '1': 'qb' } as never), 'malformed', 'ann', 1],
    ['missing pool', { weeks: [], entries: [] }, 'malformed', null, null],
    ['unknown game', { pool: { game: 'world-cup' }, weeks: [], entries: [] }, 'malformed', null, null],
    [
      'bad team record',
      { pool: { game: 'nba' }, weeks: [{ week: 3, teams: { BOS: [1] } }], entries: [] },
      'malformed',
      null,
      3,
    ],
    ['negative money', { pool: { game: 'nba', buyin: -1 }, weeks: [], entries: [] }, 'malformed', null, null],
    ['bad week key', nba([{ id: 'ann', picks: { x: 'BOS' } }]), 'malformed', 'ann', null],
    ['duplicate entry id', nba([{ id: 'ann' }, { id: 'ann' }]), 'malformed', 'ann', null],
    [
      'duplicate week',
      { pool: { game: 'nba' }, weeks: [{ week: 1 }, { week: 1 }], entries: [] },
      'malformed',
      null,
      1,
    ],
    [
      'insurance option 3',
      { pool: { game: 'nba', insurance_option: 3 }, weeks: [], entries: [] },
      'malformed',
      null,
      null,
    ],
  ])('%s', (_, input, rule, entry, week) => {
    const error = violation(input);
    expect(error).toMatchObject({ rule, entry, week });
    expect(must(error).message).not.toContain('\n');
  });

  it('accepts a valid file and ignores unknown fields', () => {
    const ann = { id: 'ann', picks: { '1': 'BOS', '2': 'MIA' }, colour: 'red' };
    const input = { ...nba([ann]), extra: 1 };
    expect(violation(input)).toBeNull();
  });

  it('checks picks after the entry is out too: a file either breaks a rule or not', () => {
    const input = nba([{ id: 'ann', picks: { '1': 'LAL', '2': 'NOPE' } }]);
    expect(violation(input)).toMatchObject({ rule: 'team-not-in-week', week: 2 });
  });
});

describe('parseScenarioText', () => {
  it('names the rule for text that is not JSON', () => {
    expect(() => parseScenarioText('{')).toThrow(/^entry -, week -: malformed: not JSON/);
  });
});

describe('playSeason', () => {
  it('rejects a later pick of a team insurance already assigned', () => {
    const scenario = parseScenario({
      pool: { game: 'nba', insurance_option: 1 },
      weeks: [
        { week: 1, teams: { BOS: [1, 0] } },
        { week: 2, teams: { BOS: [1, 0] } },
      ],
      entries: [
        { id: 'ann', picks: { '1': 'BOS' } },
        { id: 'bo', insured: true, picks: { '2': 'BOS' } },
      ],
    });
    expect(() => playSeason(scenario)).toThrow(
      expect.objectContaining({ rule: 'team-used-twice', entry: 'bo', week: 2 }),
    );
  });
});
