// Week survival odds of an nba/mlb team pick, judged as the settlement judges it (results.ts,
// judgeTeamPick): the team advances when its wins are at least its losses over the week's games (a
// tied or postponed game counts as neither, so 0-0 advances), and with shoot the moon a week of no
// wins and 6 or more losses is a moon. The odds are exact: a small dynamic program over the games.
import { MOON_MIN_LOSSES } from '../season/results';

/** One game of the team's week: P(win), and P(tie or not played), which counts as neither. */
export interface WeekGameChance {
  win: number;
  /** P(the game ends level or is not played); 0 when absent. The loss is what remains. */
  neither?: number;
}

/** A team's odds for one pool week. */
export interface WeekOdds {
  /** P(wins >= losses): the pick advances (0-0 included). */
  advance: number;
  /** P(0 wins and at least 6 losses): a moon, which the pool's shoot the moon turns into a life. */
  moon: number;
}

/**
 * Exact odds of a week from its games, independent of each other: the distribution of (wins, losses)
 * built one game at a time (at most (n+1)^2 states for n games).
 */
export function weekOdds(games: readonly WeekGameChance[]): WeekOdds {
  const n = games.length;
  const width = n + 1;
  // dist[w * width + l] = P(w wins and l losses after the games so far)
  let dist = new Float64Array(width * width);
  dist[0] = 1;
  for (const game of games) {
    const neither = clamp01(game.neither ?? 0);
    const win = clamp01(Math.min(game.win, 1 - neither));
    const loss = Math.max(0, 1 - win - neither);
    const next = new Float64Array(width * width);
    for (let w = 0; w < width; w++) {
      for (let l = 0; l + w < width; l++) {
        const p = dist[w * width + l];
        if (p === 0) continue;
        next[w * width + l] += p * neither;
        if (w + 1 < width) next[(w + 1) * width + l] += p * win;
        if (l + 1 < width) next[w * width + l + 1] += p * loss;
      }
    }
    dist = next;
  }
  let advance = 0;
  let moon = 0;
  for (let w = 0; w < width; w++) {
    for (let l = 0; l + w < width; l++) {
      const p = dist[w * width + l];
      if (w >= l) advance += p;
      else if (w === 0 && l >= MOON_MIN_LOSSES) moon += p;
    }
  }
  return { advance: clamp01(advance), moon: clamp01(moon) };
}

/** P(surviving the week): advancing, or, with shoot the moon on, a moon (which also keeps the entry alive). */
export function survivalOf(odds: WeekOdds, shootMoon: boolean): number {
  return clamp01(odds.advance + (shootMoon ? odds.moon : 0));
}

/** A game of the week as scheduled: the two teams, and whether it is on a neutral field. */
export interface ScheduledGame {
  home: string;
  away: string;
  neutral?: boolean;
  /** A postponed game counts for neither side. */
  postponed?: boolean;
}

/**
 * Every scheduled team's odds for a week, from P(home wins) of each game (ties are not modelled in
 * nba/mlb: a game that is played has a winner). Teams of the week's schedule only: a team with no
 * game cannot be picked.
 */
export function teamWeekOdds(
  games: readonly ScheduledGame[],
  homeWinProbability: (game: ScheduledGame) => number,
): Map<string, WeekOdds> {
  const chances = new Map<string, WeekGameChance[]>();
  const add = (team: string, chance: WeekGameChance) => {
    const list = chances.get(team) ?? [];
    list.push(chance);
    chances.set(team, list);
  };
  for (const game of games) {
    if (game.postponed) {
      add(game.home, { win: 0, neither: 1 });
      add(game.away, { win: 0, neither: 1 });
      continue;
    }
    const home = homeWinProbability(game);
    add(game.home, { win: home });
    add(game.away, { win: 1 - home });
  }
  const odds = new Map<string, WeekOdds>();
  for (const [team, list] of chances) odds.set(team, weekOdds(list));
  return odds;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}
