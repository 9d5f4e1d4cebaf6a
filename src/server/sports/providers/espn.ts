import { z } from 'zod';
import type { GameStatus } from '../../../core/facts';
import type { PlayableGame } from '../../../core/games';
import { emptyNflLine, type NflGameFacts, type NflPlayerLine } from '../facts';
import { type FetchJsonOptions, fetchJson } from '../http';
import type {
  FactsRecord,
  GameRecord,
  NflPlayerRecord,
  ProviderBatch,
  SportsProvider,
  SportsSeasonType,
} from '../model';
import { normalizeTeamAbb } from '../teams';

const StatusSchema = z.object({
  period: z.number().optional(),
  type: z.object({ name: z.string(), state: z.string(), completed: z.boolean() }),
});

const CompetitorSchema = z.object({
  homeAway: z.enum(['home', 'away']),
  score: z.union([z.string(), z.number()]).optional(),
  team: z.object({ abbreviation: z.string() }),
  linescores: z.array(z.unknown()).optional(),
});

const EventSchema = z.object({
  id: z.string(),
  date: z.string(),
  season: z.object({ year: z.number(), type: z.number() }),
  week: z.object({ number: z.number() }).optional(),
  status: StatusSchema,
  competitions: z.array(z.object({ competitors: z.array(CompetitorSchema) })).min(1),
});

const ScoreboardSchema = z.object({
  events: z.array(EventSchema),
  week: z.object({ number: z.number() }).optional(),
});

/** ESPN's status of a game in the provider-neutral terms; a game is final only when ESPN says completed. */
export function mapEspnStatus(status: z.infer<typeof StatusSchema>): GameStatus {
  const name = status.type.name;
  if (/POSTPONED|CANCELED|CANCELLED|SUSPENDED|FORFEIT/.test(name)) return 'postponed';
  if (status.type.state === 'post' && status.type.completed) return 'final';
  if (status.type.state === 'in' || status.type.state === 'post') return 'in_progress';
  return 'scheduled';
}

function mapSeasonType(type: number): SportsSeasonType {
  return type === 1 ? 'pre' : type === 3 ? 'post' : 'reg';
}

function toScore(value: string | number | undefined, status: GameStatus): number | null {
  if (status === 'scheduled' || status === 'postponed' || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function eventToGame(
  game: PlayableGame,
  event: z.infer<typeof EventSchema>,
  week: number | null,
): GameRecord {
  const status = mapEspnStatus(event.status);
  const competitors = event.competitions[0].competitors;
  const home = competitors.find((c) => c.homeAway === 'home');
  const away = competitors.find((c) => c.homeAway === 'away');
  if (!home || !away) throw new Error(`ESPN event ${event.id} lacks a home or away competitor`);
  const played = Math.max(home.linescores?.length ?? 0, away.linescores?.length ?? 0);
  return {
    game,
    gid: event.id,
    season: event.season.year,
    seasonType: mapSeasonType(event.season.type),
    week: event.week?.number ?? week,
    home: normalizeTeamAbb(game, home.team.abbreviation),
    away: normalizeTeamAbb(game, away.team.abbreviation),
    startTime: new Date(event.date),
    status,
    homeScore: toScore(home.score, status),
    awayScore: toScore(away.score, status),
    periods:
      status === 'scheduled' || status === 'postponed' ? null : played || (event.status.period ?? null),
  };
}

/** Games of an ESPN site-API scoreboard response (NFL, NBA or MLB). */
export function parseEspnScoreboard(game: PlayableGame, json: unknown): GameRecord[] {
  const board = ScoreboardSchema.parse(json);
  const week = game === 'nfl-td' ? (board.week?.number ?? null) : null;
  return board.events.map((event) => eventToGame(game, event, week));
}

const StatGroupSchema = z.object({
  name: z.string(),
  keys: z.array(z.string()),
  athletes: z.array(
    z.object({
      athlete: z.object({ id: z.string(), displayName: z.string() }).nullable().optional(),
      stats: z.array(z.string()).nullable().optional(),
    }),
  ),
});

const NflSummarySchema = z.object({
  header: z.object({
    id: z.string(),
    season: z.object({ year: z.number(), type: z.number() }),
    week: z.number().optional(),
    competitions: z
      .array(
        z.object({
          date: z.string(),
          status: StatusSchema,
          competitors: z.array(CompetitorSchema),
        }),
      )
      .min(1),
  }),
  boxscore: z.object({
    players: z
      .array(z.object({ team: z.object({ abbreviation: z.string() }), statistics: z.array(StatGroupSchema) }))
      .default([]),
  }),
});

// Which ESPN box keys feed which line fields; passing's "completions/passingAttempts" is split apart.
const NFL_KEYS: Record<string, Partial<Record<string, keyof NflPlayerLine>>> = {
  passing: { passingYards: 'pass_yds', passingTouchdowns: 'pass_td', interceptions: 'pass_int' },
  rushing: { rushingAttempts: 'rush_att', rushingYards: 'rush_yds', rushingTouchdowns: 'rush_td' },
  receiving: { receptions: 'rec', receivingYards: 'rec_yds', receivingTouchdowns: 'rec_td' },
  kickReturns: { kickReturnTouchdowns: 'st_td' },
  puntReturns: { puntReturnTouchdowns: 'st_td' },
};

/** Score and per-player lines of an ESPN NFL game summary. */
export function parseEspnNflSummary(json: unknown): { game: GameRecord; facts: FactsRecord } {
  const summary = NflSummarySchema.parse(json);
  const header = summary.header;
  const competition = header.competitions[0];
  const event = {
    id: header.id,
    date: competition.date,
    season: header.season,
    week: header.week === undefined ? undefined : { number: header.week },
    status: competition.status,
    competitions: [{ competitors: competition.competitors }],
  };
  const game = eventToGame('nfl-td', event, header.week ?? null);
  const lines = new Map<string, NflPlayerLine>();
  // Defensive and interception groups may both report the same return touchdown; keep the larger.
  const defTds = new Map<string, number>();
  for (const side of summary.boxscore.players) {
    const team = normalizeTeamAbb('nfl-td', side.team.abbreviation);
    for (const group of side.statistics) {
      for (const entry of group.athletes) {
        if (!entry.athlete || !entry.stats) continue;
        const id = entry.athlete.id;
        const line = lines.get(id) ?? emptyNflLine(id, entry.athlete.displayName, team);
        lines.set(id, line);
        const value = (key: string) => {
          const index = group.keys.indexOf(key);
          return index < 0 ? 0 : Number.parseInt(entry.stats?.[index] ?? '0', 10) || 0;
        };
        if (group.name === 'passing') {
          const index = group.keys.indexOf('completions/passingAttempts');
          const [cmp, att] = (entry.stats[index] ?? '0/0').split('/').map((n) => Number.parseInt(n, 10) || 0);
          line.pass_cmp += cmp;
          line.pass_att += att;
        }
        if (group.name === 'defensive' || group.name === 'interceptions') {
          const tds = value(group.name === 'defensive' ? 'defensiveTouchdowns' : 'interceptionTouchdowns');
          defTds.set(id, Math.max(defTds.get(id) ?? 0, tds));
        }
        for (const [key, field] of Object.entries(NFL_KEYS[group.name] ?? {})) {
          if (field) (line[field] as number) += value(key);
        }
      }
    }
  }
  for (const [id, tds] of defTds) {
    const line = lines.get(id);
    if (line) line.def_td = tds;
  }
  const facts: NflGameFacts = {
    gid: game.gid,
    start: game.startTime.toISOString(),
    status: game.status,
    week: game.week,
    home: { team_abb: game.home, score: game.homeScore ?? 0 },
    away: { team_abb: game.away, score: game.awayScore ?? 0 },
    players: [...lines.values()],
  };
  return { game, facts: { game: 'nfl-td', gid: game.gid, facts, missing: [], source: 'espn' } };
}

const RosterSchema = z.object({
  team: z.object({ abbreviation: z.string() }),
  athletes: z.array(
    z.object({
      position: z.string(),
      items: z.array(
        z.object({
          id: z.string(),
          fullName: z.string(),
          displayName: z.string(),
          shortName: z.string(),
          position: z.object({ abbreviation: z.string() }),
          headshot: z.object({ href: z.string() }).optional(),
        }),
      ),
    }),
  ),
});

/** Positions that can score the touchdowns NFL TD pools count. */
export const NFL_SKILL_POSITIONS = ['QB', 'RB', 'WR', 'TE'];

/** The skill-position players of an ESPN team roster; depth ranks come from the depth chart. */
export function parseEspnNflRoster(json: unknown, depth: Map<string, number> = new Map()): NflPlayerRecord[] {
  const roster = RosterSchema.parse(json);
  const teamAbb = normalizeTeamAbb('nfl-td', roster.team.abbreviation);
  return roster.athletes
    .filter((group) => group.position === 'offense')
    .flatMap((group) => group.items)
    .filter((item) => NFL_SKILL_POSITIONS.includes(item.position.abbreviation))
    .map((item) => ({
      id: item.id,
      name: item.fullName,
      displayName: item.displayName,
      shortName: item.shortName,
      position: item.position.abbreviation,
      teamAbb,
      depthRank: depth.get(item.id) ?? null,
      headshot: item.headshot?.href ?? null,
    }));
}

const DepthChartSchema = z.object({
  items: z.array(
    z.object({
      positions: z.record(
        z.string(),
        z.object({
          athletes: z.array(z.object({ rank: z.number(), athlete: z.object({ $ref: z.string() }) })),
        }),
      ),
    }),
  ),
});

/** Athlete id to depth rank at QB, RB, WR and TE, from an ESPN core-API depth chart. */
export function parseEspnNflDepthChart(json: unknown): Map<string, number> {
  const chart = DepthChartSchema.parse(json);
  const ranks = new Map<string, number>();
  for (const formation of chart.items) {
    for (const [position, slot] of Object.entries(formation.positions)) {
      if (!NFL_SKILL_POSITIONS.includes(position.toUpperCase())) continue;
      for (const entry of slot.athletes) {
        const id = /athletes\/(\d+)/.exec(entry.athlete.$ref)?.[1];
        if (!id) continue;
        ranks.set(id, Math.min(ranks.get(id) ?? Number.POSITIVE_INFINITY, entry.rank));
      }
    }
  }
  return ranks;
}

const SPORT_PATH: Record<PlayableGame, string> = {
  nba: 'basketball/nba',
  mlb: 'baseball/mlb',
  'nfl-td': 'football/nfl',
};

/** The ESPN site API as a provider: scoreboard by day, NFL summaries with player lines. */
export function createEspnProvider(game: PlayableGame, http: FetchJsonOptions = {}): SportsProvider {
  const base = `https://site.api.espn.com/apis/site/v2/sports/${SPORT_PATH[game]}`;
  return {
    name: 'espn',
    game,
    async fetchDay(date: string): Promise<ProviderBatch> {
      const json = await fetchJson(`${base}/scoreboard?dates=${date.replaceAll('-', '')}`, http);
      return { games: parseEspnScoreboard(game, json), facts: [] };
    },
    async fetchGame(gid: string): Promise<ProviderBatch> {
      const json = await fetchJson(`${base}/summary?event=${encodeURIComponent(gid)}`, http);
      if (game === 'nfl-td') {
        const parsed = parseEspnNflSummary(json);
        return { games: [parsed.game], facts: [parsed.facts] };
      }
      const header = (json as { header?: unknown }).header;
      const event = NflSummarySchema.shape.header.parse(header);
      const games = parseEspnScoreboard(game, {
        events: [
          {
            id: event.id,
            date: event.competitions[0].date,
            season: event.season,
            status: event.competitions[0].status,
            competitions: event.competitions,
          },
        ],
      });
      return { games, facts: [] };
    },
  };
}

/** Fetches an NFL team's skill players with their depth ranks (roster plus depth chart). */
export async function fetchEspnNflPlayers(
  espnTeamId: string,
  season: number,
  http: FetchJsonOptions = {},
): Promise<NflPlayerRecord[]> {
  const roster = await fetchJson(
    `https://site.api.espn.com/apis/site/v2/sports/football/nfl/teams/${espnTeamId}/roster`,
    http,
  );
  const depth = await fetchJson(
    `https://sports.core.api.espn.com/v2/sports/football/leagues/nfl/seasons/${season}/teams/${espnTeamId}/depthcharts`,
    http,
  );
  return parseEspnNflRoster(roster, parseEspnNflDepthChart(depth));
}
