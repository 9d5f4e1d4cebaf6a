import { z } from 'zod';
import { emptyNflLine, type NflGameFacts, type NflPlayerLine } from '../facts';
import type { GameRecord } from '../model';
import { normalizeTeamAbb } from '../teams';

// GSIS play stat ids read here (the ones that move a player's TD-pool line).
const STAT = {
  rushYds: 10,
  rushTd: 11,
  passIncomplete: 14,
  passYds: 15,
  passTd: 16,
  passInt: 19,
  recYds: 21,
  recTd: 22,
  intReturnTd: 26,
  puntReturnTd: 34,
  kickReturnTd: 46,
  fumbleReturnTd: 60,
} as const;

const ShieldGameSchema = z.object({
  id: z.string(),
  season: z.number(),
  seasonType: z.string(),
  week: z.number(),
  homeTeam: z.object({ id: z.string() }),
  awayTeam: z.object({ id: z.string() }),
  summary: z.object({
    startTime: z.string().nullable().optional(),
    phase: z.string(),
    homeTeam: z.object({ score: z.object({ total: z.number() }) }),
    awayTeam: z.object({ score: z.object({ total: z.number() }) }),
  }),
  driveChart: z.object({
    plays: z.array(
      z.object({
        playDeleted: z.boolean().nullable().optional(),
        stats: z
          .array(
            z.object({
              gsisPlayerId: z.string().nullable(),
              gsisPlayerName: z.string().nullable(),
              statType: z.number(),
              teamId: z.string(),
              yards: z.number().nullable(),
            }),
          )
          .default([]),
      }),
    ),
  }),
});

/**
 * Score and per-player lines of an NFL Shield game-detail payload. The payload carries no team
 * abbreviations, so the caller passes them (nflverse game ids name them: 2023_02_GB_ATL).
 */
export function parseNflShieldGame(
  json: unknown,
  teams: { home: string; away: string },
): { game: GameRecord; facts: NflGameFacts } {
  const g = ShieldGameSchema.parse(json);
  const home = normalizeTeamAbb('nfl-td', teams.home);
  const away = normalizeTeamAbb('nfl-td', teams.away);
  const teamOf = (teamId: string) => (teamId === g.homeTeam.id ? home : away);
  const status =
    g.summary.phase === 'FINAL' || g.summary.phase === 'FINAL_OVERTIME' ? 'final' : 'in_progress';
  const lines = new Map<string, NflPlayerLine>();
  for (const play of g.driveChart.plays) {
    if (play.playDeleted) continue;
    for (const stat of play.stats) {
      if (!stat.gsisPlayerId || !stat.gsisPlayerName) continue;
      const line =
        lines.get(stat.gsisPlayerId) ??
        emptyNflLine(stat.gsisPlayerId, stat.gsisPlayerName, teamOf(stat.teamId));
      const yards = stat.yards ?? 0;
      let used = true;
      switch (stat.statType) {
        case STAT.rushYds:
        case STAT.rushTd:
          line.rush_att += 1;
          line.rush_yds += yards;
          if (stat.statType === STAT.rushTd) line.rush_td += 1;
          break;
        case STAT.passIncomplete:
          line.pass_att += 1;
          break;
        case STAT.passYds:
        case STAT.passTd:
          line.pass_att += 1;
          line.pass_cmp += 1;
          line.pass_yds += yards;
          if (stat.statType === STAT.passTd) line.pass_td += 1;
          break;
        case STAT.passInt:
          line.pass_att += 1;
          line.pass_int += 1;
          break;
        case STAT.recYds:
        case STAT.recTd:
          line.rec += 1;
          line.rec_yds += yards;
          if (stat.statType === STAT.recTd) line.rec_td += 1;
          break;
        case STAT.intReturnTd:
        case STAT.fumbleReturnTd:
          line.def_td += 1;
          break;
        case STAT.puntReturnTd:
        case STAT.kickReturnTd:
          line.st_td += 1;
          break;
        default:
          used = false;
      }
      if (used) lines.set(stat.gsisPlayerId, line);
    }
  }
  // A game without a start time is rejected, not given one. The start time is a fact of the game
  // that decides when picks lock and whether it counts as started; any stand-in (the wall clock or
  // the application clock) would invent that fact and could lock or unlock picks on a guess.
  if (!g.summary.startTime) {
    throw new Error(`NFL Shield game ${g.id} has no start time; it cannot be read`);
  }
  const startTime = new Date(g.summary.startTime);
  if (Number.isNaN(startTime.getTime())) {
    throw new Error(`NFL Shield game ${g.id} has an unreadable start time "${g.summary.startTime}"`);
  }
  const seasonType = g.seasonType === 'REG' ? 'reg' : g.seasonType === 'PRE' ? 'pre' : 'post';
  const game: GameRecord = {
    game: 'nfl-td',
    gid: g.id,
    season: g.season,
    seasonType,
    week: g.week,
    home,
    away,
    startTime,
    status,
    homeScore: g.summary.homeTeam.score.total,
    awayScore: g.summary.awayTeam.score.total,
    periods: null,
  };
  const facts: NflGameFacts = {
    gid: g.id,
    start: startTime.toISOString(),
    status,
    week: g.week,
    home: { team_abb: home, score: game.homeScore ?? 0 },
    away: { team_abb: away, score: game.awayScore ?? 0 },
    players: [...lines.values()],
  };
  return { game, facts };
}
