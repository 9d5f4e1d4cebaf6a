import type { GameStatus, MlbGameFacts, NbaGameFacts } from '../../core/facts';
import type { ScheduleGame } from '../../core/games';
import type { NflGameFacts, NflPlayerLine } from './facts';

/** Regular season, preseason, or postseason (playoffs are kept but never used by pools). */
export type SportsSeasonType = 'reg' | 'pre' | 'post';

/** One game as every provider delivers it, before storage. */
export interface GameRecord {
  game: ScheduleGame;
  gid: string;
  season: number;
  seasonType: SportsSeasonType;
  /** League week (NFL) when the feed gives it. */
  week: number | null;
  home: string;
  away: string;
  startTime: Date;
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  periods: number | null;
}

export type AnyGameFacts = NbaGameFacts | MlbGameFacts | NflGameFacts;

/** A game's normalized facts, with the facts its source could not give. */
export interface FactsRecord {
  game: ScheduleGame;
  gid: string;
  facts: AnyGameFacts;
  missing: string[];
  source: string;
}

/** An NFL player as a roster feed delivers them. */
export interface NflPlayerRecord {
  id: string;
  name: string;
  displayName: string;
  shortName: string;
  position: string;
  teamAbb: string;
  depthRank: number | null;
  headshot: string | null;
  /** True for a player the demo's replay made up (name and all); feeds leave it out. */
  simulated?: boolean;
}

/** One player's week line (summed over the week's games). */
export interface NflWeekStatRecord extends Omit<NflPlayerLine, 'name' | 'team_abb'> {
  season: number;
  week: number;
  simulated: boolean;
}

/** What one fetch of a provider produced. */
export interface ProviderBatch {
  games: GameRecord[];
  facts: FactsRecord[];
}

/** A feed of one game: a pure parser per response kind behind thin fetchers. */
export interface SportsProvider {
  readonly name: string;
  readonly game: ScheduleGame;
  /** Schedule and scores of the games on one calendar day (YYYY-MM-DD). */
  fetchDay(date: string): Promise<ProviderBatch>;
  /** Score and facts of one game by the provider's id. */
  fetchGame(gid: string): Promise<ProviderBatch>;
  /**
   * The published schedule of one regular season (the league's season number), from which the
   * season calendar is built; empty while the league has not published it yet.
   */
  fetchSeason?(season: number): Promise<GameRecord[]>;
}

/** True once a status can no longer change a game's result. */
export function isFinalStatus(status: GameStatus): boolean {
  return status === 'final';
}
