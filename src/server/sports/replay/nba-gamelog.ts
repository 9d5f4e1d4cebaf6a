import { z } from 'zod';
import type { NbaGameFacts } from '../../../core/facts';
import type { FactsRecord, GameRecord } from '../model';
import { normalizeTeamAbb } from '../teams';

/** A team's rebounds, assists, steals and blocks in one game, from the log's team row. */
export interface NbaTeamTotals {
  rebounds: number;
  assists: number;
  steals: number;
  blocks: number;
}

/** Both sides' totals of a game; a side is absent when the log lacks the columns. */
export type NbaGameTotals = Partial<Record<'home' | 'away', NbaTeamTotals>>;

const LeagueGameLogSchema = z.object({
  resultSets: z
    .array(
      z.object({
        headers: z.array(z.string()),
        rowSet: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
      }),
    )
    .min(1),
});

/**
 * Games and scores of a stats.nba.com league game log (one row per team-game). Tip-off times are
 * not in the log: every game is set at 7 pm Eastern (00:00 UTC the next day). Periods come from
 * team minutes (240 in regulation, 25 more per overtime).
 */
export function parseNbaLeagueGameLog(
  json: unknown,
  dayShift = 0,
): { games: GameRecord[]; facts: FactsRecord[]; totals: Map<string, NbaGameTotals> } {
  const set = LeagueGameLogSchema.parse(json).resultSets[0];
  const col = (name: string) => {
    const i = set.headers.indexOf(name);
    if (i < 0) throw new Error(`League game log lacks ${name}`);
    return i;
  };
  const [gameId, date, matchup, minutes, points, season] = [
    col('GAME_ID'),
    col('GAME_DATE'),
    col('MATCHUP'),
    col('MIN'),
    col('PTS'),
    col('SEASON_ID'),
  ];
  // Team box totals, when the log has them (the replay's generated box lines add up to them).
  const boxCols = (['REB', 'AST', 'STL', 'BLK'] as const).map((name) => set.headers.indexOf(name));
  const byGame = new Map<
    string,
    {
      date: string;
      home?: [string, number];
      away?: [string, number];
      minutes: number;
      season: number;
      totals: Partial<Record<'home' | 'away', NbaTeamTotals>>;
    }
  >();
  for (const row of set.rowSet) {
    const id = String(row[gameId]);
    const text = String(row[matchup]);
    const [team, sep, opponent] = text.split(' ');
    const entry = byGame.get(id) ?? {
      date: String(row[date]),
      minutes: Number(row[minutes]),
      season: Number(String(row[season]).slice(1)),
      totals: {},
    };
    const side: [string, number] = [normalizeTeamAbb('nba', team), Number(row[points])];
    if (sep === '@') entry.away = side;
    else entry.home = side;
    if (boxCols.every((i) => i >= 0 && typeof row[i] === 'number')) {
      const [rebounds, assists, steals, blocks] = boxCols.map((i) => Number(row[i]));
      entry.totals[sep === '@' ? 'away' : 'home'] = { rebounds, assists, steals, blocks };
    }
    if (!opponent) throw new Error(`Unreadable matchup ${text}`);
    byGame.set(id, entry);
  }
  const games: GameRecord[] = [];
  const facts: FactsRecord[] = [];
  const totals = new Map<string, NbaGameTotals>();
  for (const [gid, g] of byGame) {
    totals.set(gid, g.totals);
    if (!g.home || !g.away) throw new Error(`Game ${gid} lacks a side`);
    const startTime = new Date(Date.parse(`${g.date}T00:00:00Z`) + (1 + dayShift) * 86_400_000);
    const periods = 4 + Math.max(0, Math.round((g.minutes - 240) / 25));
    games.push({
      game: 'nba',
      gid,
      season: g.season + Math.round(dayShift / 364),
      seasonType: 'reg',
      week: null,
      home: g.home[0],
      away: g.away[0],
      startTime,
      status: 'final',
      homeScore: g.home[1],
      awayScore: g.away[1],
      periods,
    });
    const nba: NbaGameFacts = {
      gid,
      start: startTime.toISOString(),
      status: 'final',
      home: { team_abb: g.home[0], score: g.home[1] },
      away: { team_abb: g.away[0], score: g.away[1] },
      periods,
      players: [],
      longest_runs: [],
      deciding_shot: null,
    };
    facts.push({
      game: 'nba',
      gid,
      facts: nba,
      missing: ['players', 'longest_runs', 'deciding_shot'],
      source: 'nba-leaguegamelog',
    });
  }
  games.sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.gid.localeCompare(b.gid));
  return { games, facts, totals };
}
