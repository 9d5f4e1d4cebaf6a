import { splitEvenly } from './prize-split';

export interface ChampionEntrant {
  id: string;
  lives: number;
  weeksAlive: number;
  /** Still alive when champions are set; only these take the default weeks-alive. */
  alive: boolean;
}

export interface ChampionsInput {
  /** A pool already final has had its champions processed; processing is irreversible. */
  final: boolean;
  entrants: readonly ChampionEntrant[];
  /** Champion entrant ids, in the order that receives leftover cents first. */
  champions: readonly string[];
  /** Remaining prize money in cents (prize_pool - allocated). */
  prizesRemaining: number;
  /** weeks_alive for non-champions still alive; null keeps theirs. */
  defaultWeeksAlive: number | null;
  /** Per non-champion weeks_alive, overriding the default (also for already eliminated entrants). */
  weeksAliveOverrides?: Readonly<Record<string, number>>;
}

export interface ChampionOutcome {
  id: string;
  champion: boolean;
  lives: number;
  weeksAlive: number;
  /** Cents awarded now. */
  prize: number;
}

export type ChampionsRejection =
  | 'already_final'
  | 'no_champions'
  | 'unknown_champion'
  | 'duplicate_champion'
  | 'invalid_weeks_alive';

export type ChampionsResult =
  | { ok: true; entrants: ChampionOutcome[]; totalAwarded: number }
  | { ok: false; reason: ChampionsRejection; message: string };

/**
 * Crowns champions: everyone else drops to 0 lives, the remaining prizes are split evenly among the champions in
 * cents (leftover cents to the first champions listed), and weeks_alive is set for non-champions.
 */
export function processChampions(input: ChampionsInput): ChampionsResult {
  if (input.final)
    return rejectChampions('already_final', 'Champions have already been processed for this pool.');
  if (input.champions.length === 0)
    return rejectChampions('no_champions', 'You must select at least one champion.');
  const ids = new Set(input.entrants.map((entrant) => entrant.id));
  const unknown = input.champions.find((id) => !ids.has(id));
  if (unknown !== undefined) {
    return rejectChampions('unknown_champion', `${unknown} is not an entrant in this pool.`);
  }
  if (new Set(input.champions).size !== input.champions.length) {
    return rejectChampions('duplicate_champion', 'Each champion can be selected only once.');
  }
  const overrides = input.weeksAliveOverrides ?? {};
  const weekValues = [input.defaultWeeksAlive, ...Object.values(overrides)].filter((v) => v !== null);
  if (weekValues.some((v) => !Number.isInteger(v) || v < 0)) {
    return rejectChampions('invalid_weeks_alive', 'Weeks alive must be a whole number of 0 or more.');
  }

  const prizes = splitEvenly(Math.max(0, input.prizesRemaining), input.champions.length);
  const prizeById = new Map(input.champions.map((id, index) => [id, prizes[index]]));
  const entrants = input.entrants.map((entrant): ChampionOutcome => {
    const prize = prizeById.get(entrant.id);
    if (prize !== undefined) {
      return { id: entrant.id, champion: true, lives: entrant.lives, weeksAlive: entrant.weeksAlive, prize };
    }
    const weeksAlive =
      overrides[entrant.id] ??
      (entrant.alive && input.defaultWeeksAlive !== null ? input.defaultWeeksAlive : entrant.weeksAlive);
    return { id: entrant.id, champion: false, lives: 0, weeksAlive, prize: 0 };
  });
  return { ok: true, entrants, totalAwarded: prizes.reduce((sum, prize) => sum + prize, 0) };
}

function rejectChampions(reason: ChampionsRejection, message: string): ChampionsResult {
  return { ok: false, reason, message };
}
