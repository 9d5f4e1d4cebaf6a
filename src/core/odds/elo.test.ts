import { describe, expect, it } from 'vitest';
import { createRandom } from '../season/random';
import {
  applyResult,
  ELO_PARAMS,
  type EloGame,
  type EloParams,
  homeWinProbability,
  marginMultiplier,
  RESULT_KNOWN_AFTER_MS,
  ratingShift,
  ratingsAtSeasonStart,
  regressToMean,
  replayElo,
  winProbabilityOfGap,
} from './elo';

const NFL = ELO_PARAMS.nfl;
const FTE_NFL: EloParams = { k: 20, homeAdvantage: 65, mean: 1505, carryOver: 2 / 3, margin: 'log' };
const DAY = 86_400_000;

function game(
  home: string,
  away: string,
  day: number,
  homeScore: number,
  awayScore: number,
  season = 2020,
): EloGame {
  return { home, away, start: day * DAY, season, homeScore, awayScore };
}

describe('win probability', () => {
  it('is even at no gap, 10 to 1 at 400 points, and the two sides sum to 1', () => {
    expect(winProbabilityOfGap(0)).toBe(0.5);
    expect(winProbabilityOfGap(400)).toBeCloseTo(10 / 11, 15);
    for (const gap of [-250, -30, 12, 99, 700]) {
      expect(winProbabilityOfGap(gap) + winProbabilityOfGap(-gap)).toBeCloseTo(1, 15);
    }
  });

  it("gives FiveThirtyEight's own forecast from its ratings (1920 RII 1503.947 v STP 1300, home 65)", () => {
    const ratings = new Map([
      ['RII', 1503.947],
      ['STP', 1300],
    ]);
    expect(homeWinProbability(ratings, FTE_NFL, 'RII', 'STP')).toBeCloseTo(0.8246512009492516, 12);
    // Super Bowl LV, a neutral field: TB 1703.303 v KC 1741.087
    const final = new Map([
      ['TB', 1703.30329600465],
      ['KC', 1741.08727932497],
    ]);
    expect(homeWinProbability(final, FTE_NFL, 'TB', 'KC', true)).toBeCloseTo(0.4458378304058082, 12);
  });

  it('gives the home side its advantage, and a team not seen yet the mean', () => {
    expect(homeWinProbability(new Map(), NFL, 'NEW', 'OLD')).toBeCloseTo(
      winProbabilityOfGap(NFL.homeAdvantage),
      15,
    );
    expect(homeWinProbability(new Map(), NFL, 'NEW', 'OLD', true)).toBe(0.5);
  });
});

describe('rating updates', () => {
  it('move points from loser to winner, keeping the sum of ratings', () => {
    const random = createRandom(7);
    for (const params of Object.values(ELO_PARAMS)) {
      let ratings = new Map([
        ['A', 1505],
        ['B', 1505],
        ['C', 1505],
      ]);
      for (let i = 0; i < 200; i++) {
        const [home, away] = random() < 0.5 ? ['A', 'B'] : random() < 0.5 ? ['B', 'C'] : ['C', 'A'];
        const before = new Map(ratings);
        const homeScore = Math.floor(random() * 10);
        const awayScore = Math.floor(random() * 10);
        ratings = applyResult(ratings, params, game(home, away, i, homeScore, awayScore));
        const sum = [...ratings.values()].reduce((s, r) => s + r, 0);
        expect(sum).toBeCloseTo(3 * 1505, 8);
        const gained = (ratings.get(home) ?? 0) - (before.get(home) ?? 0);
        if (homeScore > awayScore) expect(gained).toBeGreaterThan(0);
        if (homeScore < awayScore) expect(gained).toBeLessThan(0);
      }
    }
  });

  it('reward an upset more than the favourite winning, and a wide margin more than a narrow one', () => {
    const favouriteWins = ratingShift(NFL, 1700, 1400, 24, 21);
    const upset = -ratingShift(NFL, 1700, 1400, 21, 24);
    expect(upset).toBeGreaterThan(favouriteWins);
    expect(ratingShift(NFL, 1500, 1500, 35, 3)).toBeGreaterThan(ratingShift(NFL, 1500, 1500, 17, 14));
    expect(ratingShift(ELO_PARAMS.nba, 1500, 1500, 130, 100)).toBeGreaterThan(
      ratingShift(ELO_PARAMS.nba, 1500, 1500, 101, 100),
    );
  });

  it('take points from a home side that only ties an equal team (it was expected to win)', () => {
    expect(ratingShift(NFL, 1500, 1500, 20, 20)).toBeLessThan(0);
    expect(ratingShift({ ...NFL, homeAdvantage: 0 }, 1500, 1500, 20, 20)).toBeCloseTo(0, 15);
  });

  it("damp a favourite's margin: the multiplier falls as the winner's gap grows", () => {
    for (const rule of ['log', 'power'] as const) {
      expect(marginMultiplier(rule, 14, 300)).toBeLessThan(marginMultiplier(rule, 14, 0));
      expect(marginMultiplier(rule, 14, -300)).toBeGreaterThan(marginMultiplier(rule, 14, 0));
    }
    expect(marginMultiplier('none', 40, 300)).toBe(1);
  });

  it('carry a share of the distance to the mean into the next season', () => {
    const carried = regressToMean(
      new Map([
        ['A', 1605],
        ['B', 1455],
      ]),
      { ...NFL, mean: 1505, carryOver: 0.5 },
    );
    expect(carried.get('A')).toBe(1555);
    expect(carried.get('B')).toBe(1480);
  });
});

describe('replayElo', () => {
  it('forecasts each game only from results known before it started', () => {
    const games = [
      game('A', 'B', 0, 30, 0),
      // The same start as A-B: its forecast cannot know that result.
      { ...game('A', 'C', 0, 10, 0) },
      game('C', 'A', 1, 0, 10),
    ];
    const replay = replayElo(NFL, games);
    const fresh = winProbabilityOfGap(NFL.homeAdvantage);
    expect(replay.homeWinProbabilities[0]).toBeCloseTo(fresh, 15);
    expect(replay.homeWinProbabilities[1]).toBeCloseTo(fresh, 15);
    // A day later both results are in.
    const known = applyResult(applyResult(new Map(), NFL, games[0]), NFL, games[1]);
    expect(replay.homeWinProbabilities[2]).toBeCloseTo(homeWinProbability(known, NFL, 'C', 'A'), 15);
  });

  it('counts a result only once its game is old enough to be final', () => {
    const first = { ...game('A', 'B', 0, 30, 0) };
    const soon = {
      ...game('B', 'A', 0, 0, 0),
      start: RESULT_KNOWN_AFTER_MS - 1,
      homeScore: null,
      awayScore: null,
    };
    const later = { ...soon, start: RESULT_KNOWN_AFTER_MS };
    const replay = replayElo(NFL, [first, soon, later]);
    expect(replay.homeWinProbabilities[1]).toBeCloseTo(winProbabilityOfGap(NFL.homeAdvantage), 15);
    expect(replay.homeWinProbabilities[2]).toBeLessThan(replay.homeWinProbabilities[1]);
  });

  it('regresses ratings at a new season, in its first forecasts too', () => {
    const games = [game('A', 'B', 0, 40, 0, 2019), game('A', 'B', 300, 0, 0, 2020)];
    const replay = replayElo(NFL, games, {
      checkpoints: [
        { at: 200 * DAY, season: 2020 },
        { at: 100 * DAY, season: 2019 },
      ],
    });
    const end2019 = applyResult(new Map(), NFL, games[0]);
    const start2020 = regressToMean(end2019, NFL);
    expect(replay.homeWinProbabilities[1]).toBeCloseTo(homeWinProbability(start2020, NFL, 'A', 'B'), 15);
    expect(replay.ratingsAt[0]).toEqual(start2020);
    expect(replay.ratingsAt[1]).toEqual(end2019);
  });

  it('skips games without a score and keeps the forecasts in the order given', () => {
    const games = [game('B', 'A', 5, 3, 1), { ...game('A', 'B', 1, 0, 0), homeScore: null }];
    const replay = replayElo(NFL, games);
    expect(replay.homeWinProbabilities[1]).toBeCloseTo(winProbabilityOfGap(NFL.homeAdvantage), 15);
    expect(replay.homeWinProbabilities[0]).toBeCloseTo(winProbabilityOfGap(NFL.homeAdvantage), 15);
    expect(replay.final.get('B')).toBeGreaterThan(1505);
  });
});

describe('ratingsAtSeasonStart', () => {
  // Three seasons of a random league of four clubs; 2021 has no games (a season without results).
  const random = createRandom(7);
  const clubs = ['A', 'B', 'C', 'D'];
  const history: EloGame[] = [2019, 2020, 2022].flatMap((season, s) =>
    Array.from({ length: 12 }, (_, i) => {
      const home = clubs[i % 4];
      const away = clubs[(i + 1 + Math.floor(i / 4)) % 4];
      return game(home, away, s * 400 + i * 7, Math.floor(random() * 40), Math.floor(random() * 40), season);
    }),
  );

  it("gives a season's forecasts the same as a replay of every season before", () => {
    const whole = replayElo(NFL, history).homeWinProbabilities;
    const season2020 = history.filter((g) => g.season === 2020);
    const fromHistory = replayElo(NFL, season2020, {
      initial: ratingsAtSeasonStart(NFL, history, 2020),
    }).homeWinProbabilities;
    const expected = whole.filter((_, i) => history[i].season === 2020);
    expect(fromHistory).toHaveLength(12);
    for (const [i, p] of fromHistory.entries()) expect(p).toBeCloseTo(expected[i], 12);
  });

  it('regresses once for every season passed, a season without games too', () => {
    const after2020 = replayElo(
      NFL,
      history.filter((g) => g.season <= 2020),
    ).final;
    const into2022 = ratingsAtSeasonStart(NFL, history, 2022);
    for (const club of clubs) {
      const twice = NFL.mean + ((after2020.get(club) ?? Number.NaN) - NFL.mean) * NFL.carryOver ** 2;
      expect(into2022.get(club)).toBeCloseTo(twice, 9);
    }
    expect(ratingsAtSeasonStart(NFL, history, 2019).size).toBe(0);
  });
});
