// NFL TD odds: P(a player advances) in a week, judged as isPlayerAdvancing judges it (any rushing,
// receiving, special-teams or defensive touchdown, or passing touchdowns reaching the pool's
// nfl_pass_tds, 0 ignoring them). Touchdowns per game are taken as Poisson counts whose rates are the
// player's season-to-date per-game rates shrunk toward his position's: with few games the position
// speaks, with many the player does.

/** Games of the position's average a player's own record is blended with (decision 015). */
export const PRIOR_GAMES = 4;

/** What a player has done so far this season (the weeks before the one forecast). */
export interface PlayerSeasonToDate {
  id: string;
  position: string;
  /** Games he had a stats line in. */
  games: number;
  /** Rushing, receiving, special-teams and defensive touchdowns. */
  otherTds: number;
  passTds: number;
  /** His place on his club's depth chart (1 the starter), when known. */
  depthRank?: number | null;
  /** Weeks of the season so far (he was listed in each); his games when not given. */
  weeks?: number;
}

/** Per-game touchdown rates of a position (or a player). */
export interface TdRates {
  /** Non-passing touchdowns per game. */
  other: number;
  passing: number;
}

/** Each position's touchdowns per player-game over the season so far; positions with no games get 0. */
export function positionRates(players: readonly PlayerSeasonToDate[]): Map<string, TdRates> {
  const sums = new Map<string, { games: number; other: number; passing: number }>();
  for (const player of players) {
    const sum = sums.get(player.position) ?? { games: 0, other: 0, passing: 0 };
    sum.games += player.games;
    sum.other += player.otherTds;
    sum.passing += player.passTds;
    sums.set(player.position, sum);
  }
  const rates = new Map<string, TdRates>();
  for (const [position, sum] of sums) {
    rates.set(position, {
      other: sum.games > 0 ? sum.other / sum.games : 0,
      passing: sum.games > 0 ? sum.passing / sum.games : 0,
    });
  }
  return rates;
}

/** A player's rates: (his touchdowns + PRIOR_GAMES x the position's rate) / (his games + PRIOR_GAMES). */
export function shrunkRates(
  player: PlayerSeasonToDate,
  position: TdRates,
  priorGames = PRIOR_GAMES,
): TdRates {
  const games = player.games + priorGames;
  if (games === 0) return { other: 0, passing: 0 };
  return {
    other: (player.otherTds + priorGames * position.other) / games,
    passing: (player.passTds + priorGames * position.passing) / games,
  };
}

/** P(a Poisson count with this mean is below k). */
export function poissonBelow(mean: number, k: number): number {
  if (k <= 0) return 0;
  let term = Math.exp(-mean);
  let sum = term;
  for (let i = 1; i < k; i++) {
    term *= mean / i;
    sum += term;
  }
  return Math.min(1, sum);
}

/**
 * P(the player advances in one game): 1 - P(no other touchdown) x P(passing touchdowns below the
 * threshold); with a threshold of 0 passing touchdowns never count.
 */
export function playerAdvanceProbability(rates: TdRates, passTdThreshold: number): number {
  const noOther = Math.exp(-rates.other);
  const passShort = passTdThreshold > 0 ? poissonBelow(rates.passing, passTdThreshold) : 1;
  return 1 - noOther * passShort;
}

/** One player's week odds, with the season-to-date figures they come from. */
export interface PlayerWeekOdds {
  id: string;
  advance: number;
}

/** A player's role: his position and whether he starts (depth 1), backs up, or his depth is unknown. */
function roleOf(player: PlayerSeasonToDate): string {
  const depth = player.depthRank == null ? '?' : player.depthRank <= 1 ? '1' : '2+';
  return `${player.position}:${depth}`;
}

/**
 * Each role's touchdowns per listed week (not per game played): a backup listed every week who
 * rarely plays has a rate near 0, where the per-game rate of the few backups who did play is a
 * starter's.
 */
export function roleRates(players: readonly PlayerSeasonToDate[]): Map<string, TdRates> {
  const sums = new Map<string, { weeks: number; other: number; passing: number }>();
  for (const player of players) {
    const role = roleOf(player);
    const sum = sums.get(role) ?? { weeks: 0, other: 0, passing: 0 };
    sum.weeks += Math.max(player.weeks ?? player.games, player.games);
    sum.other += player.otherTds;
    sum.passing += player.passTds;
    sums.set(role, sum);
  }
  const rates = new Map<string, TdRates>();
  for (const [role, sum] of sums) {
    rates.set(role, {
      other: sum.weeks > 0 ? sum.other / sum.weeks : 0,
      passing: sum.weeks > 0 ? sum.passing / sum.weeks : 0,
    });
  }
  return rates;
}

/**
 * Every player's week odds: a player whose team has no game that week (a bye) cannot score. The
 * position averages come from all the players given, so pass the whole league's season to date.
 */
export function playerWeekOdds(
  players: readonly PlayerSeasonToDate[],
  playsThisWeek: (player: PlayerSeasonToDate) => boolean,
  passTdThreshold: number,
): PlayerWeekOdds[] {
  const positions = positionRates(players);
  const roles = roleRates(players);
  return players.map((player) => {
    if (!playsThisWeek(player)) return { id: player.id, advance: 0 };
    // A player with no stats line yet has shown no snaps: he takes his role's rate per listed week
    // (a backup quarterback's is near 0), not the per-game rate of those who played.
    const position =
      player.games === 0
        ? (roles.get(roleOf(player)) ?? { other: 0, passing: 0 })
        : (positions.get(player.position) ?? { other: 0, passing: 0 });
    return {
      id: player.id,
      advance: playerAdvanceProbability(shrunkRates(player, position), passTdThreshold),
    };
  });
}

/** P(an entry advances): one of its picks advances, the players taken as independent. */
export function entryAdvanceProbability(pickOdds: readonly number[]): number {
  let none = 1;
  for (const p of pickOdds) none *= 1 - Math.min(1, Math.max(0, p));
  return 1 - none;
}
