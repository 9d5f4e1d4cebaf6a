import type { PlayerStats, TeamRecord, TieRule } from './scenario.schema';

/** How one pick fared in its week, before lives are counted. */
export type PickVerdict = 'advance' | 'loss' | 'moon';

/** Wins and losses that make a shoot-the-moon week: no wins and at least this many losses. */
export const MOON_MIN_LOSSES = 6;

/** Judges an nba/mlb team pick: .500 or better advances (0-0 too); with shoot the moon, 0-6 or worse is a moon. */
export function judgeTeamPick(record: TeamRecord, shootMoon: boolean): PickVerdict {
  const [wins, losses] = record;
  if (shootMoon && wins === 0 && losses >= MOON_MIN_LOSSES) return 'moon';
  return wins >= losses ? 'advance' : 'loss';
}

/**
 * Judges one team of a classic NFL pick by its game that week: a win advances, a loss loses, a tie follows
 * the pool's tie rule, and a game not played in its week ([0, 0, 0]: postponed out of it or cancelled)
 * advances.
 */
export function judgeNflTeam(record: TeamRecord, tieRule: TieRule): PickVerdict {
  const [wins, losses] = record;
  const ties = record[2] ?? 0;
  if (wins > losses) return 'advance';
  if (losses > wins) return 'loss';
  if (ties > 0) return tieRule === 'win' ? 'advance' : 'loss';
  return 'advance';
}

/** Judges a classic NFL week's picks: every one of the k teams the week asks for must advance. */
export function judgeNflPick(
  teams: readonly string[],
  records: Readonly<Record<string, TeamRecord>>,
  picksAsked: number,
  tieRule: TieRule,
): PickVerdict {
  if (teams.length < picksAsked) return 'loss';
  const advances = teams.every(
    (team) => Object.hasOwn(records, team) && judgeNflTeam(records[team], tieRule) === 'advance',
  );
  return advances ? 'advance' : 'loss';
}

/** Whether one NFL player advances: any non-passing touchdown, or passing TDs reaching a non-zero threshold. */
export function isPlayerAdvancing(stats: Partial<PlayerStats> | undefined, passTdThreshold: number): boolean {
  if (!stats) return false;
  const otherTds = (stats.rush_td ?? 0) + (stats.rec_td ?? 0) + (stats.st_td ?? 0) + (stats.def_td ?? 0);
  if (otherTds >= 1) return true;
  return passTdThreshold > 0 && (stats.pass_td ?? 0) >= passTdThreshold;
}

/** Judges an nfl-td pick: the entry advances when any of its picked players advances. */
export function judgePlayerPick(
  playerIds: readonly string[],
  stats: Readonly<Record<string, Partial<PlayerStats>>>,
  passTdThreshold: number,
): PickVerdict {
  // hasOwn: a player id such as "constructor" must not find Object.prototype.
  const advances = playerIds.some(
    (id) => Object.hasOwn(stats, id) && isPlayerAdvancing(stats[id], passTdThreshold),
  );
  return advances ? 'advance' : 'loss';
}
