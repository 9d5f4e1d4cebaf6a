// The season planner (src/core/odds/planner.ts) on full seasons: an NBA entry with every week left
// (26 weeks x 30 teams, the real 2018-19 schedule's week odds), an MLB one (27 x 30), and NFL TD ones
// (18 weeks x 600 players on 32 teams, seeded odds: one pick a week, then 2 and 5 a week at most one
// player per NFL team). Prints p50, p99 and max per plan against the issue's
// 50 ms, and how long the week odds of a whole season take (computed once per pool week, not per
// request). Usage: npm run bench:planner (knob: BENCH_RUNS, default 200 plans per case).
import { performance } from 'node:perf_hooks';
import {
  ELO_PARAMS,
  type EloSport,
  homeWinProbability,
  type PlannerWeek,
  type PlanRules,
  planSeason,
  replayElo,
  survivalOf,
  teamWeekOdds,
} from '../src/core/odds';
import { createRandom } from '../src/core/season/random';
import { loadMlbReplay, loadNbaReplay, type ReplaySeason } from '../src/server/sports/replay/replay-data';
import { percentile } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 50;

/** Every pool week's survival odds of every team, from the ratings at the season's end. */
function seasonWeekOdds(season: ReplaySeason, sport: EloSport): { weeks: PlannerWeek[]; ms: number } {
  const params = ELO_PARAMS[sport];
  const started = performance.now();
  const games = season.games
    .filter((g) => g.seasonType === 'reg')
    .map((g) => ({
      home: g.home,
      away: g.away,
      start: g.startTime.getTime(),
      season: g.season,
      homeScore: g.homeScore,
      awayScore: g.awayScore,
    }));
  const ratings = replayElo(params, games).final;
  const weeks: PlannerWeek[] = [];
  const deadlines = season.calendar.deadlines.map((d) => Date.parse(d));
  deadlines.forEach((from, i) => {
    const to = deadlines[i + 1] ?? Number.POSITIVE_INFINITY;
    const weekGames = games.filter((g) => g.start >= from && g.start < to);
    const odds = teamWeekOdds(weekGames, (g) => homeWinProbability(ratings, params, g.home, g.away));
    weeks.push({
      week: i + 1,
      odds: new Map([...odds].map(([team, o]) => [team, survivalOf(o, sport === 'mlb')])),
    });
  });
  return { weeks, ms: performance.now() - started };
}

function seededPlayerWeeks(weekCount: number, players: number): PlannerWeek[] {
  const random = createRandom(28);
  return Array.from({ length: weekCount }, (_, w) => ({
    week: w + 1,
    // about one player in eight is on a bye
    odds: new Map(
      Array.from({ length: players }, (_, i) => [`P${i}`, random() * 0.7] as const).filter(
        () => random() > 0.125,
      ),
    ),
  }));
}

function measure(
  name: string,
  weeks: readonly PlannerWeek[],
  used: readonly string[],
  rules: PlanRules = {},
): void {
  const times: number[] = [];
  let plan = planSeason(weeks, used, rules);
  // a few unmeasured plans first, so the figures are of compiled code as a serving process runs it
  for (let run = 0; run < 20; run++) plan = planSeason(weeks, used, rules);
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    plan = planSeason(weeks, used, rules);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const options = new Set(weeks.flatMap((w) => [...w.odds.keys()])).size;
  console.log(
    `${name}: ${weeks.length} weeks x ${options} options, ${RUNS} plans: p50 ${percentile(times, 50).toFixed(2)} ms, ` +
      `p99 ${percentile(times, 99).toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms ` +
      `(target < ${TARGET_MS} ms). Best plan survives all weeks with ${(plan.best.survival * 100).toPrecision(3)}% ` +
      `(${plan.best.expectedWeeks.toFixed(2)} weeks expected); greedy ${(plan.greedy.survival * 100).toPrecision(3)}% ` +
      `(${plan.greedy.expectedWeeks.toFixed(2)}).`,
  );
}

const nba = seasonWeekOdds(loadNbaReplay(), 'nba');
const mlb = seasonWeekOdds(loadMlbReplay(), 'mlb');
console.log(
  `Week odds of a whole season: NBA ${nba.ms.toFixed(0)} ms, MLB ${mlb.ms.toFixed(0)} ms (ratings and every team-week).`,
);
measure('NBA 2018-19, whole season', nba.weeks, []);
measure('NBA 2018-19, from week 10 with 9 teams used', nba.weeks.slice(9), [
  'BOS',
  'GSW',
  'MIL',
  'TOR',
  'DEN',
  'HOU',
  'UTA',
  'POR',
  'PHI',
]);
measure('MLB 2023, whole season', mlb.weeks, []);
const players = seededPlayerWeeks(18, 600);
// players P0..P599 spread over 32 clubs
const club = { teamOf: (id: string) => `T${Number(id.slice(1)) % 32}` };
measure('NFL TD, seeded', players, []);
measure('NFL TD, seeded, 2 a week, max 1 per team', players, [], { ...club, perWeek: 2, maxPerTeam: 1 });
measure('NFL TD, seeded, 5 a week, max 1 per team', players, [], { ...club, perWeek: 5, maxPerTeam: 1 });
