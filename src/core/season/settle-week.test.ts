import { describe, expect, it } from 'vitest';
import { must } from '../must';
import { startEntry } from './entries';
import { type SettleWeekInput, settleWeek, type WeekEntryInput, type WeekRules } from './settle-week';
import { ScenarioError } from './validate';

const rules = (overrides: Partial<WeekRules> = {}): WeekRules => ({
  game: 'nba',
  rebuys: 2,
  shootMoon: false,
  insuranceOption: 0,
  nflPassTds: 2,
  ...overrides,
});

const entry = (id: string, overrides: Partial<WeekEntryInput> = {}): WeekEntryInput => ({
  id,
  state: startEntry(2),
  autoRebuy: false,
  insured: false,
  pick: null,
  used: [],
  rebuyBeforeLock: false,
  inBonusPool: false,
  ...overrides,
});

const teams = { BOS: [3, 1], LAL: [1, 3], MIA: [0, 0], NYK: [0, 6] } as const;

function settle(overrides: Partial<SettleWeekInput> & Pick<SettleWeekInput, 'entries'>) {
  return settleWeek({
    rules: rules(),
    facts: { week: 4, teams: { ...teams } as never, stats: {}, bonusEvents: [] },
    ...overrides,
  });
}

describe('settleWeek results', () => {
  it.each([
    ['a winning team advances', 'BOS', 'advance', 3],
    ['a losing team loses a life', 'LAL', 'loss', 2],
    ['a 0-0 team advances', 'MIA', 'advance', 3],
    ['0-6 in nba is a plain loss', 'NYK', 'loss', 2],
    ['no pick loses a life', null, 'no-pick', 2],
  ])('%s', (_, pick, result, lives) => {
    const [outcome] = settle({ entries: [entry('a', { pick })] }).entries;
    expect(outcome).toMatchObject({ played: true, pick, result, assigned: false });
    expect(must(outcome).state.lives).toBe(lives);
  });

  it('a moon in mlb with shoot_moon adds a life', () => {
    const [outcome] = settle({
      rules: rules({ game: 'mlb', shootMoon: true }),
      entries: [entry('a', { pick: 'NYK' })],
    }).entries;
    expect(outcome).toMatchObject({ result: 'moon', state: { lives: 4, status: 'alive' } });
  });

  it('an eliminated entry does not play', () => {
    const gone = { ...startEntry(2), lives: 0, status: 'eliminated' as const };
    const [outcome] = settle({ entries: [entry('a', { state: gone, pick: 'BOS' })] }).entries;
    expect(outcome).toMatchObject({ played: false, result: null, pick: null, state: gone });
  });
});

describe('settleWeek rebuys at the lock', () => {
  const waiting = { ...startEntry(2), lives: 2, status: 'needs-rebuy' as const, weeksAlive: 1 };
  it.each([
    [
      'rebuy made before the lock: plays on',
      true,
      { result: 'advance', rebuysBought: 1, state: { rebuysMade: 1, status: 'alive' } },
    ],
    [
      'no rebuy: eliminated at the lock, pick not judged',
      false,
      { result: 'no-rebuy', pick: null, state: { lives: 0, status: 'eliminated' } },
    ],
  ])('%s', (_, rebuyBeforeLock, expected) => {
    const [outcome] = settle({
      entries: [entry('a', { state: waiting, pick: 'BOS', rebuyBeforeLock })],
    }).entries;
    expect(outcome).toMatchObject(expected);
  });

  it('a manual rebuy at the lock and an auto-rebuy after a loss make two in one week', () => {
    const [outcome] = settle({
      entries: [entry('a', { state: waiting, pick: 'LAL', rebuyBeforeLock: true, autoRebuy: true })],
    }).entries;
    expect(outcome).toMatchObject({
      result: 'loss',
      rebuysBought: 2,
      state: { lives: 1, rebuysMade: 2, status: 'alive' },
    });
  });

  it('auto-rebuy is charged in the week of the loss', () => {
    const [outcome] = settle({ entries: [entry('a', { pick: 'LAL', autoRebuy: true })] }).entries;
    expect(outcome).toMatchObject({ rebuysBought: 1, state: { lives: 2, rebuysMade: 1, status: 'alive' } });
  });
});

describe('settleWeek insurance', () => {
  it('option 1 assigns the most popular unused pick among the others, ties alphabetical', () => {
    const out = settle({
      rules: rules({ insuranceOption: 1 }),
      entries: [
        entry('a', { pick: 'LAL' }),
        entry('b', { pick: 'BOS' }),
        entry('c', { pick: 'LAL' }),
        entry('d', { pick: 'BOS' }),
        entry('x', { insured: true, used: [] }),
        entry('y', { insured: true, used: ['BOS'] }),
        entry('z', { insured: false }),
      ],
    });
    expect(out.entries[4]).toMatchObject({ pick: 'BOS', assigned: true, result: 'advance' });
    expect(out.entries[5]).toMatchObject({ pick: 'LAL', assigned: true, result: 'loss' });
    expect(out.entries[6]).toMatchObject({ pick: null, assigned: false, result: 'no-pick' });
  });

  it('option 1 ignores picks of entries eliminated at the lock', () => {
    const waiting = { ...startEntry(2), lives: 2, status: 'needs-rebuy' as const };
    const out = settle({
      rules: rules({ insuranceOption: 1 }),
      entries: [
        entry('a', { state: waiting, pick: 'LAL' }),
        entry('b', { pick: 'BOS' }),
        entry('x', { insured: true }),
      ],
    });
    expect(out.entries[2]).toMatchObject({ pick: 'BOS', assigned: true });
  });

  it('option 1 with nothing to assign is no pick', () => {
    const out = settle({ rules: rules({ insuranceOption: 1 }), entries: [entry('x', { insured: true })] });
    expect(out.entries[0]).toMatchObject({ pick: null, assigned: false, result: 'no-pick' });
  });

  it('option 2 draws from the injected random source', () => {
    const out = settle({
      rules: rules({ insuranceOption: 2 }),
      entries: [entry('x', { insured: true, used: ['BOS'] })],
      random: () => 0.5,
    });
    // Unused teams sorted: LAL, MIA, NYK; floor(0.5 * 3) = 1.
    expect(out.entries[0]).toMatchObject({ pick: 'MIA', assigned: true, result: 'advance' });
  });

  it('insurance is not offered for nfl-td', () => {
    const out = settle({
      rules: rules({ game: 'nfl-td', insuranceOption: 1 }),
      entries: [entry('a', { pick: ['p1'] }), entry('x', { insured: true, pick: [] })],
    });
    expect(out.entries[1]).toMatchObject({ pick: null, result: 'no-pick' });
  });

  it('a pick of a team already assigned is a used-twice error', () => {
    expect(() => settle({ entries: [entry('a', { pick: 'BOS', used: ['BOS'] })] })).toThrow(ScenarioError);
  });
});

describe('settleWeek bonus money', () => {
  it('charges the week’s other bonus-pool members, remainder to the first in order', () => {
    const out = settle({
      facts: {
        week: 4,
        teams: { ...teams } as never,
        stats: {},
        bonusEvents: [{ team: 'BOS', prize: 5000 }],
      },
      entries: [
        entry('w', { pick: 'BOS', inBonusPool: true }),
        entry('p1', { pick: 'LAL', inBonusPool: true }),
        entry('out', { pick: 'MIA' }),
        entry('p2', { inBonusPool: true }),
        entry('p3', { pick: 'MIA', inBonusPool: true }),
      ],
    });
    expect(out.entries.map((o) => o.bonusNet)).toEqual([5000, -1667, 0, -1667, -1666]);
    expect(out.bonusEvents[0]).toMatchObject({
      total: 5000,
      winners: [0],
      payers: [1, 3, 4],
      share: 1666,
      extraCentPayers: 2,
    });
  });

  it('judges entries that share one input object alike, each with its own outcome and bonus money', () => {
    const facts = {
      week: 4,
      teams: { ...teams } as never,
      stats: {},
      bonusEvents: [{ team: 'BOS', prize: 5000 }],
    };
    const payer = entry('p', { pick: 'LAL', inBonusPool: true });
    const winner = entry('w', { pick: 'BOS', inBonusPool: true });
    const shared = settle({ facts, entries: [winner, payer, payer, payer] });
    const apart = settle({
      facts,
      entries: [winner, payer, { ...payer, id: 'p2' }, { ...payer, id: 'p3' }],
    });
    const strip = (out: typeof shared) => out.entries.map(({ id: _id, ...rest }) => rest);
    expect(strip(shared)).toEqual(strip(apart));
    expect(shared.entries.map((o) => o.bonusNet)).toEqual([5000, -1667, -1667, -1666]);
    expect(new Set(shared.entries).size).toBe(4);
  });

  it('gives entries that share one input object one outcome when no bonus money sets them apart', () => {
    const loser = entry('l', { pick: 'LAL', autoRebuy: true });
    const out = settle({ entries: [loser, entry('w', { pick: 'BOS' }), loser, loser] });
    expect(out.entries[0]).toBe(out.entries[2]);
    expect(out.entries[0]).toBe(out.entries[3]);
    expect(out.entries[0]).toMatchObject({ id: 'l', played: true, result: 'loss', rebuysBought: 1 });
    expect(out.entries[1]).toMatchObject({ id: 'w', result: 'advance', rebuysBought: 0 });
  });
});
