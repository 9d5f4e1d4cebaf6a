import type { NbaDecidingShot, NbaGameFacts, NbaPlayerLine, NbaScoringRun } from '../../../core/facts';
import type { FactsRecord } from '../model';
import { TEAM_SEEDS } from '../teams-data';
import type { NbaGameTotals, NbaTeamTotals } from './nba-gamelog';
import { allocate, hashSeed, normal, seededRandom } from './seeded';

// The league game log holds scores, periods and team totals but no box lines. The replay fills them
// from a seeded generator (the same game always gets the same lines), consistent with the real
// game: points add up to each team's real score, rebounds, assists, steals and blocks to its real
// totals, and the deciding shot belongs to the real winner in the real last period. Players and
// their names are generated too. Every such game is marked `simulated: true`.

type Role = 'guard' | 'wing' | 'big' | 'all-around';

interface SimPlayer {
  id: string;
  name: string;
  role: Role;
  /** Share of the team's shots, before the game's form. */
  usage: number;
  /** Minutes weight: starters play more than the bench. */
  minutes: number;
}

// Per role: rebound, assist, steal and block weights per minute.
const ROLE_WEIGHTS: Record<Role, { reb: number; ast: number; stl: number; blk: number }> = {
  guard: { reb: 0.5, ast: 2.2, stl: 1.3, blk: 0.3 },
  wing: { reb: 0.9, ast: 0.9, stl: 1.1, blk: 0.7 },
  big: { reb: 2.3, ast: 0.5, stl: 0.7, blk: 2.4 },
  'all-around': { reb: 1.7, ast: 2.4, stl: 1.2, blk: 0.6 },
};

// A 13-man roster by slot: usage and minutes weights (the first five start).
const SLOTS: ReadonlyArray<{ usage: number; minutes: number }> = [
  { usage: 1.0, minutes: 1.0 },
  { usage: 0.72, minutes: 0.95 },
  { usage: 0.56, minutes: 0.9 },
  { usage: 0.42, minutes: 0.85 },
  { usage: 0.36, minutes: 0.8 },
  { usage: 0.32, minutes: 0.6 },
  { usage: 0.27, minutes: 0.55 },
  { usage: 0.24, minutes: 0.5 },
  { usage: 0.2, minutes: 0.4 },
  { usage: 0.14, minutes: 0.25 },
  { usage: 0.1, minutes: 0.15 },
  { usage: 0.08, minutes: 0.1 },
  { usage: 0.06, minutes: 0.08 },
];

const FIRST_NAMES = (
  'Marcus Jalen Andre Darius Tyrese Caleb Isaiah Malik Jordan Trey Devin Kendall Miles ' +
  'Terrence Elijah Xavier Quentin Damon Rashad Cole Nolan Grant Evan Derrick Jamal Omar Luka ' +
  'Mateo Nikola Pascal Victor Zion Cedric Brandon Aaron Julian Keon Dillon Reggie Shane'
).split(' ');
const LAST_NAMES = (
  'Whitfield Carver Holloway Banks Mercer Okafor Delgado Pryor Sutton Ellison Graves Hampton ' +
  'Kessler Lindqvist Mabry Norwood Ortega Pennington Quarles Rainey Salazar Tatum-Reed ' +
  'Underwood Vance Winslow Yates Abernathy Bellamy Crenshaw Dawkins Easley Fontaine Galloway ' +
  'Hardin Ivey Jeffries Kowalski Lattimore Mbeki Novak'
).split(' ');

const rosters = new Map<string, SimPlayer[]>();
let nameOrder: number[] | undefined;

// Every first and last name pair in one seeded order; club i takes the pairs from 13 * i on, so
// names are unique in the league whatever order the rosters are built in.
function generatedName(team: string, slot: number): string {
  if (!nameOrder) {
    const rand = seededRandom(hashSeed('nba-names'));
    nameOrder = Array.from({ length: FIRST_NAMES.length * LAST_NAMES.length }, (_, i) => i);
    for (let i = nameOrder.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [nameOrder[i], nameOrder[j]] = [nameOrder[j], nameOrder[i]];
    }
  }
  const club = TEAM_SEEDS.nba.findIndex(([abb]) => abb === team);
  const base = club >= 0 ? club : TEAM_SEEDS.nba.length + (hashSeed(team) % 60);
  const pair = nameOrder[(base * SLOTS.length + slot) % nameOrder.length];
  return `${FIRST_NAMES[Math.floor(pair / LAST_NAMES.length)]} ${LAST_NAMES[pair % LAST_NAMES.length]}`;
}

/** A club's generated roster, the same for every game of the season (names unique in the league). */
export function simulatedNbaRoster(team: string): SimPlayer[] {
  const known = rosters.get(team);
  if (known) return known;
  const rand = seededRandom(hashSeed(`nba-roster:${team}`));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  // About one club in three has an all-around star who fills every column.
  const starRole: Role = rand() < 0.35 ? 'all-around' : pick(['guard', 'wing', 'big'] as const);
  const starterRoles: Role[] = ['guard', 'guard', 'wing', 'wing', 'big'];
  const roster = SLOTS.map((slot, i): SimPlayer => {
    const name = generatedName(team, i);
    const role = i === 0 ? starRole : i < 5 ? starterRoles[i] : pick(['guard', 'wing', 'big'] as const);
    return { id: `sim-nba-${team}-${i + 1}`, name, role, usage: slot.usage, minutes: slot.minutes };
  });
  rosters.set(team, roster);
  return roster;
}

// Totals a side gets when the log lacks them (league averages of 2018-19).
const DEFAULT_TOTALS: NbaTeamTotals = { rebounds: 45, assists: 25, steals: 8, blocks: 5 };

function sideLines(
  rand: () => number,
  team: string,
  score: number,
  totals: NbaTeamTotals,
  blowout: boolean,
): NbaPlayerLine[] {
  const roster = simulatedNbaRoster(team);
  // Nine or ten play every night (one may rest); the deep bench gets in when the game is decided.
  const active = roster.filter((_, i) => (i < 9 ? rand() > 0.04 : i === 9 ? rand() < 0.5 : blowout));
  const form = active.map(() => Math.exp(0.33 * normal(rand)));
  const minutes = active.map((p) => p.minutes * Math.exp(0.15 * normal(rand)));
  const share = (weight: (p: SimPlayer, i: number) => number, spread: number) =>
    active.map((p, i) => weight(p, i) * Math.exp(spread * normal(rand)));
  const points = allocate(
    score,
    active.map((p, i) => p.usage * form[i]),
  );
  const rebounds = allocate(
    totals.rebounds,
    share((p, i) => ROLE_WEIGHTS[p.role].reb * minutes[i], 0.3),
  );
  const assists = allocate(
    totals.assists,
    share((p, i) => ROLE_WEIGHTS[p.role].ast * minutes[i] * (0.6 + p.usage), 0.35),
  );
  const steals = allocate(
    totals.steals,
    share((p, i) => ROLE_WEIGHTS[p.role].stl * minutes[i], 0.6),
  );
  const blocks = allocate(
    totals.blocks,
    share((p, i) => ROLE_WEIGHTS[p.role].blk * minutes[i], 0.6),
  );
  return active.map((p, i) => ({
    player_id: p.id,
    name: p.name,
    team_abb: team,
    points: points[i],
    rebounds: rebounds[i],
    assists: assists[i],
    steals: steals[i],
    blocks: blocks[i],
  }));
}

// A team's longest unanswered run: about 10 points on a typical night, 20 or more about once in a
// hundred team-games, longer for a winner who pulled away.
function longestRun(rand: () => number, score: number, lead: number): number {
  const scale = 2.9 + Math.max(0, lead) / 30;
  return Math.min(score, 6 + Math.floor(-Math.log(1 - rand()) * scale));
}

// The winner's go-ahead basket for good: in the last period of a close game, now and then at the
// buzzer; earlier in a comfortable one.
function decidingShot(
  rand: () => number,
  winner: NbaPlayerLine[],
  team: string,
  periods: number,
  margin: number,
): NbaDecidingShot {
  const scorers = winner.filter((l) => l.points >= 2);
  let pickAt = rand() * scorers.reduce((n, l) => n + l.points, 0);
  const shooter =
    scorers.find((l) => {
      pickAt -= l.points;
      return pickAt < 0;
    }) ?? scorers[0];
  const close = margin <= 3;
  const period =
    close || periods > 4 ? periods : Math.max(1, periods - Math.floor(rand() * Math.min(3, 1 + margin / 8)));
  const buzzer = close && rand() < 0.06;
  const seconds = buzzer
    ? Math.floor(rand() * 10) / 10
    : close
      ? 2 + Math.floor(rand() * 180)
      : 2 + Math.floor(rand() * 700);
  return {
    team_abb: team,
    player: shooter?.name ?? null,
    period,
    seconds_remaining: seconds,
    made: true,
    decided_game: true,
  };
}

/**
 * Plausible facts for one replayed NBA game from its real score, periods and team totals: box
 * lines, each side's longest run and the deciding shot, drawn from a generator seeded by the game
 * id, and marked simulated.
 */
export function simulateNbaGameFacts(real: NbaGameFacts, totals: NbaGameTotals = {}): NbaGameFacts {
  const rand = seededRandom(hashSeed(`nba-game:${real.gid}`));
  const margin = Math.abs(real.home.score - real.away.score);
  const blowout = margin >= 18;
  const away = sideLines(rand, real.away.team_abb, real.away.score, totals.away ?? DEFAULT_TOTALS, blowout);
  const home = sideLines(rand, real.home.team_abb, real.home.score, totals.home ?? DEFAULT_TOTALS, blowout);
  const lead = real.home.score - real.away.score;
  const longest_runs: NbaScoringRun[] = [
    { team_abb: real.away.team_abb, points: longestRun(rand, real.away.score, -lead) },
    { team_abb: real.home.team_abb, points: longestRun(rand, real.home.score, lead) },
  ];
  const winner = lead > 0 ? real.home.team_abb : real.away.team_abb;
  const deciding_shot =
    lead === 0 ? null : decidingShot(rand, lead > 0 ? home : away, winner, real.periods, margin);
  return { ...real, players: [...away, ...home], longest_runs, deciding_shot, simulated: true };
}

/** The replay's NBA facts records with generated box lines, runs and deciding shots (nothing missing). */
export function withSimulatedNbaFacts(
  records: readonly FactsRecord[],
  totals: ReadonlyMap<string, NbaGameTotals>,
): FactsRecord[] {
  return records.map((record) => ({
    ...record,
    facts: simulateNbaGameFacts(record.facts as NbaGameFacts, totals.get(record.gid)),
    missing: [],
    source: `${record.source}+simulated`,
  }));
}
