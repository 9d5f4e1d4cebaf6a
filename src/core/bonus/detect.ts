import { z } from 'zod';
import type { MlbGameFacts, MlbTeamLine } from '../facts/mlb-facts';
import type { NbaDecidingShot, NbaGameFacts, NbaPlayerLine } from '../facts/nba-facts';
import type { WeekTeamRecord } from '../facts/week-records';
import { BONUS_IDS, type BonusGame, type BonusOptionsMap, DEFAULT_BEANED_TEAM } from './options';

/** A detected bonus, before any pool decides whether the option is active or who wins it. */
export const BonusEventSchema = z.object({
  /** Stable identity across re-detection (week, bonus, game, team, player, occurrence), for upserts and Recalculate. */
  key: z.string(),
  bonus_id: z.number().int(),
  team_abb: z.string(),
  player: z.string().nullable(),
  desc: z.string(),
  /** null for week-long bonuses (perfect week). */
  gid: z.string().nullable(),
  week: z.number().int().min(1),
});
export type BonusEvent = z.infer<typeof BonusEventSchema>;

/** Thresholds of spec 1 section 5; regulation is 4 periods, so 6 periods means two overtimes. */
export const BONUS_THRESHOLDS = {
  nbaPlayerPoints: 50,
  nbaTwentyTwenty: 20,
  nbaTeamPointsInRegulation: 140,
  nbaRegulationPeriods: 4,
  nbaRunPoints: 20,
  nbaWinMargin: 30,
  nbaDoubleOvertimePeriods: 6,
  /** A deciding shot counts as a buzzer-beater when made with at most this much clock left. */
  nbaBuzzerSeconds: 1,
  nbaTripleDoubleStat: 10,
  nbaPerfectWeekWins: 4,
  mlbRuns: 15,
  mlbCompleteGameInnings: 9,
  mlbPerfectWeekWins: 6,
} as const;

type EventDraft = Omit<BonusEvent, 'key' | 'week' | 'gid'>;

/** Bonuses one final NBA game earned; other statuses earn nothing yet. */
export function detectNbaGameBonuses(game: NbaGameFacts, week: number): BonusEvent[] {
  if (game.status !== 'final') return [];
  const t = BONUS_THRESHOLDS;
  const drafts: EventDraft[] = [];
  for (const line of game.players) {
    if (line.points >= t.nbaPlayerPoints) {
      drafts.push(playerDraft(BONUS_IDS.fiftyPoints, line, `${line.name} scored ${line.points} points`));
    }
    if (line.points >= t.nbaTwentyTwenty && line.rebounds >= t.nbaTwentyTwenty) {
      drafts.push(
        playerDraft(BONUS_IDS.twentyTwenty, line, `${line.name}: ${line.points} PTS, ${line.rebounds} REB`),
      );
    }
  }
  if (game.periods <= t.nbaRegulationPeriods) {
    for (const side of [game.away, game.home]) {
      if (side.score >= t.nbaTeamPointsInRegulation) {
        drafts.push(
          teamDraft(BONUS_IDS.teamPoints140, side.team_abb, `${side.team_abb} scored ${side.score} points`),
        );
      }
    }
  }
  for (const run of game.longest_runs) {
    if (run.points >= t.nbaRunPoints) {
      drafts.push(
        teamDraft(BONUS_IDS.twentyZeroRun, run.team_abb, `${run.team_abb} went on a ${run.points}-0 run`),
      );
    }
  }
  const result = getNbaResult(game);
  if (result !== null) {
    const score = `${result.winner.team_abb} ${result.winner.score}, ${result.loser.team_abb} ${result.loser.score}`;
    if (result.margin >= t.nbaWinMargin) {
      drafts.push(
        teamDraft(BONUS_IDS.thirtyPointWin, result.winner.team_abb, `Won by ${result.margin} (${score})`),
      );
    }
    if (game.periods >= t.nbaDoubleOvertimePeriods) {
      const overtimes = game.periods - t.nbaRegulationPeriods;
      drafts.push(
        teamDraft(BONUS_IDS.doubleOvertimeWin, result.winner.team_abb, `Won in ${overtimes}OT (${score})`),
      );
    }
    const shot = game.deciding_shot;
    if (shot && isBuzzerBeater(shot, result.winner.team_abb)) {
      drafts.push({
        bonus_id: BONUS_IDS.buzzerBeater,
        team_abb: shot.team_abb,
        player: shot.player,
        desc: `${shot.player ?? shot.team_abb} beat the buzzer to win (${score})`,
      });
    }
  }
  for (const line of game.players) {
    const doubles = listDoubleDigitStats(line);
    if (doubles.length >= 3) {
      drafts.push(playerDraft(BONUS_IDS.tripleDouble, line, `${line.name}: ${doubles.join(', ')}`));
    }
  }
  return keyDrafts(drafts, game.gid, week);
}

/** Bonuses one final MLB game earned; `beanedTeam` is the team whose hit batters pay the pitching side. */
export function detectMlbGameBonuses(
  game: MlbGameFacts,
  week: number,
  beanedTeam: string = DEFAULT_BEANED_TEAM,
): BonusEvent[] {
  if (game.status !== 'final') return [];
  const t = BONUS_THRESHOLDS;
  const drafts: EventDraft[] = [];
  const sides: Array<[MlbTeamLine, MlbTeamLine]> = [
    [game.away, game.home],
    [game.home, game.away],
  ];
  if (game.innings >= t.mlbCompleteGameInnings) {
    for (const [pitching, batting] of sides) {
      if (batting.hits > 0) continue;
      // A perfect game is also a no-hitter; it earns only the larger bonus.
      if (batting.baserunners === 0) {
        drafts.push(
          teamDraft(BONUS_IDS.perfectGame, pitching.team_abb, `Perfect game against ${batting.team_abb}`),
        );
      } else {
        drafts.push(
          teamDraft(BONUS_IDS.noHitter, pitching.team_abb, `No-hitter against ${batting.team_abb}`),
        );
      }
    }
  }
  for (const batter of game.batters) {
    if (batter.singles > 0 && batter.doubles > 0 && batter.triples > 0 && batter.home_runs > 0) {
      drafts.push({
        bonus_id: BONUS_IDS.cycle,
        team_abb: batter.team_abb,
        player: batter.batter,
        desc: `${batter.batter} hit for the cycle`,
      });
    }
  }
  for (const play of game.plays) {
    if (play.event === 'home_run' && (play.runners_on_base === 3 || play.rbi === 4)) {
      drafts.push({
        bonus_id: BONUS_IDS.grandSlam,
        team_abb: play.batter_team_abb,
        player: play.batter,
        desc: `${play.batter} hit a grand slam (${describeInning(play.half, play.inning)})`,
      });
    }
  }
  for (const side of [game.away, game.home]) {
    if (side.runs >= t.mlbRuns) {
      drafts.push(
        teamDraft(BONUS_IDS.fifteenRuns, side.team_abb, `${side.team_abb} scored ${side.runs} runs`),
      );
    }
  }
  for (const play of game.plays) {
    if (play.event !== 'hit_by_pitch' || play.batter_team_abb !== beanedTeam) continue;
    const pitching = play.batter_team_abb === game.home.team_abb ? game.away : game.home;
    drafts.push({
      bonus_id: BONUS_IDS.beaned,
      team_abb: pitching.team_abb,
      player: play.batter,
      desc: `${pitching.team_abb} hit ${play.batter} of ${beanedTeam} (${describeInning(play.half, play.inning)})`,
    });
  }
  return keyDrafts(drafts, game.gid, week);
}

/** Perfect weeks: a team unbeaten in the week with at least 4 wins (nba) or 6 wins (mlb). */
export function detectPerfectWeeks(
  game: BonusGame,
  records: readonly WeekTeamRecord[],
  week: number,
): BonusEvent[] {
  const minWins = game === 'nba' ? BONUS_THRESHOLDS.nbaPerfectWeekWins : BONUS_THRESHOLDS.mlbPerfectWeekWins;
  const drafts = records
    .filter((r) => r.week === week && r.losses === 0 && r.wins >= minWins)
    .map((r) =>
      teamDraft(BONUS_IDS.perfectWeek, r.team_abb, `${r.team_abb} went ${r.wins}-0 in Week ${week}`),
    );
  return keyDrafts(drafts, null, week);
}

/** Every bonus of a week: each game's bonuses in start order, then perfect weeks. */
export function detectWeekBonuses(
  input:
    | { game: 'nba'; week: number; games: readonly NbaGameFacts[]; records: readonly WeekTeamRecord[] }
    | {
        game: 'mlb';
        week: number;
        games: readonly MlbGameFacts[];
        records: readonly WeekTeamRecord[];
        beanedTeam?: string;
      },
): BonusEvent[] {
  const byStart = <T extends { start: string; gid: string }>(games: readonly T[]): T[] =>
    [...games].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.gid.localeCompare(b.gid));
  const gameEvents =
    input.game === 'nba'
      ? byStart(input.games).flatMap((g) => detectNbaGameBonuses(g, input.week))
      : byStart(input.games).flatMap((g) => detectMlbGameBonuses(g, input.week, input.beanedTeam));
  return [...gameEvents, ...detectPerfectWeeks(input.game, input.records, input.week)];
}

/** Keeps the events whose option the pool has switched on. */
export function filterActiveBonusEvents(
  events: readonly BonusEvent[],
  options: BonusOptionsMap,
): BonusEvent[] {
  return events.filter((event) => options[String(event.bonus_id)]?.active === true);
}

// Only a made shot that won the game for the winner, with the clock at (or within a second of) zero.
function isBuzzerBeater(shot: NbaDecidingShot, winnerAbb: string): boolean {
  return (
    shot.made &&
    shot.decided_game &&
    shot.team_abb === winnerAbb &&
    shot.seconds_remaining <= BONUS_THRESHOLDS.nbaBuzzerSeconds
  );
}

function getNbaResult(game: NbaGameFacts) {
  if (game.home.score === game.away.score) return null;
  const [winner, loser] = game.home.score > game.away.score ? [game.home, game.away] : [game.away, game.home];
  return { winner, loser, margin: winner.score - loser.score };
}

function listDoubleDigitStats(line: NbaPlayerLine): string[] {
  const stats: Array<[number, string]> = [
    [line.points, 'PTS'],
    [line.rebounds, 'REB'],
    [line.assists, 'AST'],
    [line.steals, 'STL'],
    [line.blocks, 'BLK'],
  ];
  return stats
    .filter(([value]) => value >= BONUS_THRESHOLDS.nbaTripleDoubleStat)
    .map(([value, label]) => `${value} ${label}`);
}

function describeInning(half: 'top' | 'bottom', inning: number): string {
  return `${half === 'top' ? 'Top' : 'Bottom'} ${inning}`;
}

function playerDraft(bonusId: number, line: NbaPlayerLine, desc: string): EventDraft {
  return { bonus_id: bonusId, team_abb: line.team_abb, player: line.name, desc };
}

function teamDraft(bonusId: number, teamAbb: string, desc: string): EventDraft {
  return { bonus_id: bonusId, team_abb: teamAbb, player: null, desc };
}

// Repeats (a batter hit twice) get an occurrence number so every event keeps a distinct, stable key.
function keyDrafts(drafts: readonly EventDraft[], gid: string | null, week: number): BonusEvent[] {
  const seen = new Map<string, number>();
  return drafts.map((draft) => {
    const base = [week, draft.bonus_id, gid ?? 'week', draft.team_abb, draft.player ?? '-'].join(':');
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return { key: `${base}:${occurrence}`, ...draft, gid, week };
  });
}
