import { describe, expect, it } from 'vitest';
import { must } from '../must';
import { createRandom } from '../season/random';
import { judgeTeamPick } from '../season/results';
import { survivalOf, teamWeekOdds, type WeekGameChance, weekOdds } from './week-odds';

/** Every outcome of every game (win, loss, neither), each week judged by the settlement's own rule. */
function enumerate(games: readonly WeekGameChance[]): { advance: number; moon: number } {
  let advance = 0;
  let moon = 0;
  const walk = (i: number, wins: number, losses: number, p: number) => {
    if (p === 0) return;
    if (i === games.length) {
      const verdict = judgeTeamPick([wins, losses], true);
      if (verdict === 'advance') advance += p;
      if (verdict === 'moon') moon += p;
      return;
    }
    const neither = games[i].neither ?? 0;
    walk(i + 1, wins + 1, losses, p * games[i].win);
    walk(i + 1, wins, losses + 1, p * (1 - games[i].win - neither));
    walk(i + 1, wins, losses, p * neither);
  };
  walk(0, 0, 0, 1);
  return { advance, moon };
}

describe('weekOdds', () => {
  it('a week of no games is 0-0, which advances', () => {
    expect(weekOdds([])).toEqual({ advance: 1, moon: 0 });
  });

  it('one game: the team advances when it wins', () => {
    expect(weekOdds([{ win: 0.3 }]).advance).toBeCloseTo(0.3, 15);
  });

  it('two games: .500 advances, so only 0-2 loses', () => {
    expect(weekOdds([{ win: 0.5 }, { win: 0.5 }]).advance).toBeCloseTo(0.75, 15);
  });

  it('a tied or unplayed game counts as neither: 1-0-1 and 0-0-2 advance, 0-1-1 does not', () => {
    const odds = weekOdds([
      { win: 0.4, neither: 0.2 },
      { win: 0, neither: 1 },
    ]);
    expect(odds.advance).toBeCloseTo(0.4 + 0.2, 15);
  });

  it('the moon is 0 wins and 6 or more losses: six straight losses, or 0-6 with a seventh game not won', () => {
    const six = Array.from({ length: 6 }, () => ({ win: 0.5 }));
    expect(weekOdds(six).moon).toBeCloseTo(1 / 64, 15);
    expect(weekOdds(six.slice(0, 5)).moon).toBe(0);
    const seven = [...six, { win: 0.25, neither: 0.25 }];
    // 0-7 (1/64 x 1/2) or 0-6 with the seventh tied (1/64 x 1/4)
    expect(weekOdds(seven).moon).toBeCloseTo((1 / 64) * 0.75, 15);
  });

  it('agrees with enumerating every outcome on random weeks of up to 8 games', () => {
    const random = createRandom(28);
    for (let trial = 0; trial < 300; trial++) {
      const games = Array.from({ length: Math.floor(random() * 9) }, (): WeekGameChance => {
        const win = random();
        const neither = random() < 0.3 ? random() * (1 - win) : 0;
        return { win, neither };
      });
      const odds = weekOdds(games);
      const exact = enumerate(games);
      expect(odds.advance).toBeCloseTo(exact.advance, 12);
      expect(odds.moon).toBeCloseTo(exact.moon, 12);
      expect(odds.advance + odds.moon).toBeLessThanOrEqual(1 + 1e-12);
    }
  });
});

describe('survivalOf', () => {
  it('adds the moon only when the pool shoots the moon', () => {
    const odds = { advance: 0.6, moon: 0.01 };
    expect(survivalOf(odds, false)).toBe(0.6);
    expect(survivalOf(odds, true)).toBeCloseTo(0.61, 15);
  });
});

describe('teamWeekOdds', () => {
  it('gives each scheduled team its odds over all its games of the week', () => {
    const games = [
      { home: 'BOS', away: 'NYY' },
      { home: 'NYY', away: 'TB' },
      { home: 'TB', away: 'BOS', postponed: true },
    ];
    const odds = teamWeekOdds(games, (g) => (g.home === 'BOS' ? 0.6 : 0.7));
    // NYY: loses at BOS with 0.6, beats TB at home with 0.7; 1-1 or better means not 0-2
    expect(must(odds.get('NYY')).advance).toBeCloseTo(1 - 0.6 * 0.3, 15);
    // BOS: one game played (the postponed one counts for neither)
    expect(must(odds.get('BOS')).advance).toBeCloseTo(0.6, 15);
    expect(must(odds.get('TB')).advance).toBeCloseTo(0.3, 15);
    expect(odds.has('LAD')).toBe(false);
  });
});
