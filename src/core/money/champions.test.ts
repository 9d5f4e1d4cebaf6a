import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChampionEntrant, type ChampionsInput, processChampions } from './champions';

const entrants: ChampionEntrant[] = [
  { id: 'ann', lives: 2, weeksAlive: 10, alive: true },
  { id: 'bob', lives: 1, weeksAlive: 10, alive: true },
  { id: 'cat', lives: 1, weeksAlive: 10, alive: true },
  { id: 'dan', lives: 0, weeksAlive: 4, alive: false },
];

const input = (overrides: Partial<ChampionsInput> = {}): ChampionsInput => ({
  final: false,
  entrants,
  champions: ['bob', 'ann'],
  prizesRemaining: 10001,
  defaultWeeksAlive: 9,
  ...overrides,
});

describe('processChampions', () => {
  it('splits the remaining prizes evenly, leftover cent to the first champion listed', () => {
    const result = processChampions(input());
    expect(result).toEqual({
      ok: true,
      totalAwarded: 10001,
      entrants: [
        { id: 'ann', champion: true, lives: 2, weeksAlive: 10, prize: 5000 },
        { id: 'bob', champion: true, lives: 1, weeksAlive: 10, prize: 5001 },
        { id: 'cat', champion: false, lives: 0, weeksAlive: 9, prize: 0 },
        { id: 'dan', champion: false, lives: 0, weeksAlive: 4, prize: 0 },
      ],
    });
  });

  it('applies per-entrant weeks-alive overrides before the default', () => {
    const result = processChampions(input({ weeksAliveOverrides: { cat: 7, dan: 5 } }));
    if (!result.ok) throw new Error(result.message);
    expect(result.entrants.map((e) => [e.id, e.weeksAlive])).toEqual([
      ['ann', 10],
      ['bob', 10],
      ['cat', 7],
      ['dan', 5],
    ]);
  });

  it('keeps weeks alive when there is no default', () => {
    const result = processChampions(input({ defaultWeeksAlive: null }));
    if (!result.ok) throw new Error(result.message);
    expect(result.entrants.find((e) => e.id === 'cat')?.weeksAlive).toBe(10);
  });

  it('awards nothing from an empty or overdrawn prize pool', () => {
    const result = processChampions(input({ prizesRemaining: -500 }));
    expect(result).toMatchObject({ ok: true, totalAwarded: 0 });
  });

  it.each([
    [
      'already final',
      { final: true },
      'already_final',
      'Champions have already been processed for this pool.',
    ],
    ['no champion', { champions: [] }, 'no_champions', 'You must select at least one champion.'],
    ['unknown champion', { champions: ['zed'] }, 'unknown_champion', 'zed is not an entrant in this pool.'],
    [
      'duplicate champion',
      { champions: ['ann', 'ann'] },
      'duplicate_champion',
      'Each champion can be selected only once.',
    ],
    [
      'negative weeks',
      { defaultWeeksAlive: -1 },
      'invalid_weeks_alive',
      'Weeks alive must be a whole number of 0 or more.',
    ],
    [
      'fractional override',
      { weeksAliveOverrides: { cat: 1.5 } },
      'invalid_weeks_alive',
      'Weeks alive must be a whole number of 0 or more.',
    ],
  ])('rejects %s', (_, overrides, reason, message) => {
    expect(processChampions(input(overrides))).toEqual({ ok: false, reason, message });
  });

  it('always awards exactly the remaining prizes, within a cent of each other', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        (prizesRemaining, championCount, others) => {
          const people = Array.from({ length: championCount + others }, (_, i) => ({
            id: `e${i}`,
            lives: 1,
            weeksAlive: 3,
            alive: true,
          }));
          const champions = people.slice(0, championCount).map((p) => p.id);
          const result = processChampions(input({ entrants: people, champions, prizesRemaining }));
          if (!result.ok) throw new Error(result.message);
          const prizes = result.entrants.filter((e) => e.champion).map((e) => e.prize);
          expect(prizes.reduce((a, b) => a + b, 0)).toBe(prizesRemaining);
          expect(Math.max(...prizes) - Math.min(...prizes)).toBeLessThanOrEqual(1);
          expect(
            result.entrants.filter((e) => !e.champion).every((e) => e.lives === 0 && e.prize === 0),
          ).toBe(true);
        },
      ),
    );
  });
});
