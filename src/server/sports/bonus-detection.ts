import { type BonusEvent, detectWeekBonuses } from '../../core/bonus/detect';
import { type BonusGame, DEFAULT_BEANED_TEAM, findBonusOption } from '../../core/bonus/options';
import type { MlbGameFacts, NbaGameFacts, WeekTeamRecord } from '../../core/facts';
import { must } from '../../core/must';
import type { AnyGameFacts } from './model';
import { loadMlbReplay, loadNbaReplay, type ReplaySeason } from './replay/replay-data';

/**
 * The one path from game facts to bonus events, shared by the settlement (which reads a week's games
 * and facts from the database) and the `npm run bonuses` command (which reads a bundled replay).
 */

/** A game of one pool week as stored (the columns of the games table the detection needs). */
export interface WeekGameRow {
  gid: string;
  home: string;
  away: string;
  startTime: Date;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
}

/** One week's games with their facts (facts may be missing for a game a feed could not describe). */
export interface WeekFactsInput {
  game: BonusGame;
  week: number;
  games: readonly WeekGameRow[];
  /** Facts by gid; a game without facts still counts in the week's records (perfect week). */
  facts: ReadonlyMap<string, AnyGameFacts>;
  /** The team whose hit batters earn ASTRO BEANED (MLB); HOU by default. */
  beanedTeam?: string;
}

/** A detected event with what a reader needs to show it: date, label, long name and game summary. */
export interface DetectedBonus extends BonusEvent {
  bonus_name: string;
  bonus_long_name: string;
  /** UTC date (YYYY-MM-DD) of the game, or of the week's last game for a week-long bonus. */
  date: string;
  /** "AWY 3 @ HOM 5", or null for a week-long bonus. */
  game_summary: string | null;
}

/** Wins and losses of each team in the week's final games (postponed and unfinished games excluded). */
export function buildWeekTeamRecords(week: number, games: readonly WeekGameRow[]): WeekTeamRecord[] {
  const records = new Map<string, WeekTeamRecord>();
  const add = (team: string, won: boolean) => {
    const record = records.get(team) ?? { week, team_abb: team, wins: 0, losses: 0 };
    if (won) record.wins++;
    else record.losses++;
    records.set(team, record);
  };
  for (const g of games) {
    if (g.status !== 'final' || g.homeScore === null || g.awayScore === null) continue;
    // A tie (never in NBA or MLB, but a corrected score could say so) is neither a win nor a loss.
    if (g.homeScore === g.awayScore) continue;
    add(g.home, g.homeScore > g.awayScore);
    add(g.away, g.awayScore > g.homeScore);
  }
  return [...records.values()].sort((a, b) => a.team_abb.localeCompare(b.team_abb));
}

/**
 * Every bonus event of one pool week, in game start order then perfect weeks (detectWeekBonuses),
 * described for display. Only final games with facts earn game bonuses; every final game counts
 * toward the week's records.
 */
export function detectWeekBonusEvents(input: WeekFactsInput): DetectedBonus[] {
  const finals = input.games.filter((g) => g.status === 'final');
  const records = buildWeekTeamRecords(input.week, finals);
  const withFacts = finals.filter((g) => input.facts.has(g.gid));
  // The facts carry their own status; a game the table says is final is judged as final.
  const factsOf = (g: WeekGameRow) => ({
    ...must(input.facts.get(g.gid), `facts of ${g.gid}`),
    status: 'final' as const,
  });
  const events =
    input.game === 'nba'
      ? detectWeekBonuses({
          game: 'nba',
          week: input.week,
          games: withFacts.map((g) => factsOf(g) as NbaGameFacts),
          records,
        })
      : detectWeekBonuses({
          game: 'mlb',
          week: input.week,
          games: withFacts.map((g) => factsOf(g) as MlbGameFacts),
          records,
          beanedTeam: input.beanedTeam ?? DEFAULT_BEANED_TEAM,
        });
  const byGid = new Map(finals.map((g) => [g.gid, g]));
  const lastDate = finals.reduce((last, g) => (g.startTime > last ? g.startTime : last), new Date(0));
  return events.map((event) => {
    const option = findBonusOption(input.game, event.bonus_id);
    const g = event.gid === null ? undefined : byGid.get(event.gid);
    return {
      ...event,
      bonus_name: option?.bonus_name ?? String(event.bonus_id),
      bonus_long_name: option?.bonus_long_name ?? String(event.bonus_id),
      date: (g?.startTime ?? lastDate).toISOString().slice(0, 10),
      game_summary: g ? `${g.away} ${g.awayScore ?? 0} @ ${g.home} ${g.homeScore ?? 0}` : null,
    };
  });
}

/** A replayed season's name: the season it is stored as, and the real season it comes from. */
export interface ReplayedSeasonName {
  game: BonusGame;
  /** The season number of the replay's games (NBA 2018-19 is moved to 2023-24 and stored as 2023). */
  season: number;
  /** The real season the data comes from (MLB 2023, NBA 2018 for 2018-19). */
  sourceSeason: number;
}

/** The replayed seasons bonus detection can run on. */
export const REPLAYED_BONUS_SEASONS: readonly ReplayedSeasonName[] = [
  { game: 'mlb', season: 2023, sourceSeason: 2023 },
  { game: 'nba', season: 2023, sourceSeason: 2018 },
];

/** The replayed season a game and season name (stored or real) refers to, or undefined. */
export function findReplayedSeason(game: string, season: number): ReplayedSeasonName | undefined {
  return REPLAYED_BONUS_SEASONS.find(
    (s) => s.game === game && (s.season === season || s.sourceSeason === season),
  );
}

/** Every bonus event of a season already loaded, week by week (regular season, pool weeks only). */
export function detectReplaySeasonBonuses(replay: ReplaySeason): DetectedBonus[] {
  if (replay.game !== 'nba' && replay.game !== 'mlb') return [];
  const game: BonusGame = replay.game;
  const facts = new Map(replay.facts.map((f) => [f.gid, f.facts]));
  const weeks = new Map<number, WeekGameRow[]>();
  for (const g of replay.games) {
    if (g.seasonType !== 'reg' || g.week === null) continue;
    const list = weeks.get(g.week) ?? [];
    list.push(g);
    weeks.set(g.week, list);
  }
  return [...weeks.keys()]
    .sort((a, b) => a - b)
    .flatMap((week) => detectWeekBonusEvents({ game, week, games: weeks.get(week) ?? [], facts }));
}

/**
 * Every bonus event detection finds in a bundled replayed season ('mlb' 2023, 'nba' 2018 or 2023),
 * or undefined for a season that is not bundled.
 */
export function detectSeasonBonuses(game: string, season: number): DetectedBonus[] | undefined {
  const found = findReplayedSeason(game, season);
  if (!found) return undefined;
  return detectReplaySeasonBonuses(found.game === 'mlb' ? loadMlbReplay() : loadNbaReplay());
}
