import { z } from 'zod';
import type {
  GameStatus,
  MlbBatterHits,
  MlbGameFacts,
  MlbPlay,
  MlbPlayEvent,
  NbaGameFacts,
  NbaPlayerLine,
} from '../../../core/facts';
import type { ScheduleGame } from '../../../core/games';
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
import { normalizeTeamAbb, teamAbbOrAsSent } from '../teams';
import { nbaScoringFacts } from './nba-cdn';

const StatusSchema = z.object({
  period: z.number().optional(),
  type: z.object({ name: z.string(), state: z.string(), completed: z.boolean() }),
});

const CompetitorSchema = z.object({
  homeAway: z.enum(['home', 'away']),
  score: z.union([z.string(), z.number()]).optional(),
  team: z.object({ abbreviation: z.string(), id: z.string().optional() }),
  linescores: z.array(z.unknown()).optional(),
  hits: z.number().optional(),
  errors: z.number().optional(),
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
  game: ScheduleGame,
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
    // ESPN names an NBA season by the year it ends (2025 for 2024-25); this site by the year it starts.
    season: game === 'nba' ? event.season.year - 1 : event.season.year,
    seasonType: mapSeasonType(event.season.type),
    week: event.week?.number ?? week,
    // An unknown club is kept as sent: the game is rejected alone, the rest of the board is read.
    home: teamAbbOrAsSent(game, home.team.abbreviation, event.season.year),
    away: teamAbbOrAsSent(game, away.team.abbreviation, event.season.year),
    startTime: new Date(event.date),
    status,
    homeScore: toScore(home.score, status),
    awayScore: toScore(away.score, status),
    periods:
      status === 'scheduled' || status === 'postponed' ? null : played || (event.status.period ?? null),
  };
}

/** Games of an ESPN site-API scoreboard response (NFL, NBA or MLB). */
export function parseEspnScoreboard(game: ScheduleGame, json: unknown): GameRecord[] {
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

const AthleteStatsSchema = z.object({
  athlete: z.object({ id: z.string(), displayName: z.string() }).nullable().optional(),
  stats: z.array(z.string()).nullable().optional(),
});

const SummaryHeaderSchema = z.object({
  header: z.object({
    id: z.string(),
    season: z.object({ year: z.number(), type: z.number() }),
    competitions: z
      .array(z.object({ date: z.string(), status: StatusSchema, competitors: z.array(CompetitorSchema) }))
      .min(1),
  }),
  boxscore: z.object({
    players: z
      .array(
        z.object({
          team: z.object({ abbreviation: z.string() }),
          statistics: z.array(
            z.object({
              type: z.string().optional(),
              keys: z.array(z.string()),
              athletes: z.array(AthleteStatsSchema),
            }),
          ),
        }),
      )
      .default([]),
  }),
});

const SummaryPlaySchema = z.object({
  type: z.object({ text: z.string() }).optional(),
  awayScore: z.number().optional(),
  homeScore: z.number().optional(),
  period: z.object({ number: z.number(), type: z.string().optional() }),
  clock: z.object({ displayValue: z.string() }).optional(),
  scoringPlay: z.boolean().optional(),
  scoreValue: z.number().optional(),
  participants: z
    .array(z.object({ athlete: z.object({ id: z.string() }), type: z.string().optional() }))
    .optional(),
  onFirst: z.unknown().optional(),
  onSecond: z.unknown().optional(),
  onThird: z.unknown().optional(),
});

/** The game of a summary's header, and its athletes' names by id. */
function summaryBasics(game: ScheduleGame, json: unknown) {
  const summary = SummaryHeaderSchema.parse(json);
  const header = summary.header;
  const competition = header.competitions[0];
  const record = eventToGame(
    game,
    {
      id: header.id,
      date: competition.date,
      season: header.season,
      status: competition.status,
      competitions: [{ competitors: competition.competitors }],
    },
    null,
  );
  const names = new Map<string, string>();
  for (const side of summary.boxscore.players) {
    for (const group of side.statistics) {
      for (const entry of group.athletes) {
        if (entry.athlete) names.set(entry.athlete.id, entry.athlete.displayName);
      }
    }
  }
  return { summary, competition, record, names };
}

/** Seconds left in a period from an ESPN clock ("11:42", "45.3", "0.0"). */
export function parseEspnClock(clock: string): number {
  const [a, b] = clock.split(':');
  const seconds = b === undefined ? Number(a) : Number(a) * 60 + Number(b);
  return Number.isFinite(seconds) ? seconds : 0;
}

/** Score, box lines, runs and the deciding shot of an ESPN NBA game summary. */
export function parseEspnNbaSummary(json: unknown): { game: GameRecord; facts: NbaGameFacts } {
  const { summary, record, names } = summaryBasics('nba', json);
  const players: NbaPlayerLine[] = [];
  for (const side of summary.boxscore.players) {
    const team = normalizeTeamAbb('nba', side.team.abbreviation);
    for (const group of side.statistics) {
      const at = (stats: string[], key: string) =>
        Number.parseInt(stats[group.keys.indexOf(key)] ?? '', 10) || 0;
      for (const entry of group.athletes) {
        if (!entry.athlete || !entry.stats || entry.stats.length === 0) continue;
        players.push({
          player_id: entry.athlete.id,
          name: entry.athlete.displayName,
          team_abb: team,
          points: at(entry.stats, 'points'),
          rebounds: at(entry.stats, 'rebounds'),
          assists: at(entry.stats, 'assists'),
          steals: at(entry.stats, 'steals'),
          blocks: at(entry.stats, 'blocks'),
        });
      }
    }
  }
  const plays = z
    .array(SummaryPlaySchema)
    .default([])
    .parse((json as { plays?: unknown }).plays);
  const scoring = nbaScoringFacts(
    plays
      .filter((p) => p.homeScore !== undefined && p.awayScore !== undefined)
      .map((p) => {
        const shooter = p.participants?.[0]?.athlete.id;
        return {
          home: p.homeScore ?? 0,
          away: p.awayScore ?? 0,
          period: p.period.number,
          seconds: parseEspnClock(p.clock?.displayValue ?? '0'),
          player: shooter ? (names.get(shooter) ?? null) : null,
        };
      }),
    record.home,
    record.away,
  );
  const facts: NbaGameFacts = {
    gid: record.gid,
    start: record.startTime.toISOString(),
    status: record.status,
    home: { team_abb: record.home, score: record.homeScore ?? 0 },
    away: { team_abb: record.away, score: record.awayScore ?? 0 },
    periods: record.periods ?? 0,
    players,
    ...scoring,
  };
  return { game: record, facts };
}

// ESPN MLB play types that are plate-appearance results the bonuses read.
const MLB_PLAY_EVENTS: Record<string, MlbPlayEvent> = {
  Single: 'single',
  'Bunt Single': 'single',
  Double: 'double',
  'Ground Rule Double': 'double',
  Triple: 'triple',
  'Home Run': 'home_run',
  'Inside the Park Home Run': 'home_run',
  'Hit By Pitch': 'hit_by_pitch',
};

/**
 * Score and facts of an ESPN MLB game summary: the notable plate appearances (hits by kind, home
 * runs with the runners on base, hit batters with the batter's team), each batter's hits, and the
 * base runners of each side (hits, walks, hit batters and the other side's errors).
 */
export function parseEspnMlbSummary(json: unknown): { game: GameRecord; facts: MlbGameFacts } {
  const { summary, competition, record, names } = summaryBasics('mlb', json);
  const plays: MlbPlay[] = [];
  const hitsOf = new Map<string, MlbBatterHits>();
  const hbp = { home: 0, away: 0 };
  const all = z
    .array(SummaryPlaySchema)
    .default([])
    .parse((json as { plays?: unknown }).plays);
  for (const play of all) {
    const event = MLB_PLAY_EVENTS[play.type?.text ?? ''];
    const batterId = play.participants?.find((p) => p.type === 'batter')?.athlete.id;
    if (!event || !batterId) continue;
    const top = (play.period.type ?? '').toLowerCase() === 'top';
    const team = top ? record.away : record.home;
    const batter = names.get(batterId) ?? batterId;
    const onBase = [play.onFirst, play.onSecond, play.onThird].filter(Boolean).length;
    plays.push({
      inning: play.period.number,
      half: top ? 'top' : 'bottom',
      batter,
      batter_team_abb: team,
      event,
      runners_on_base: onBase,
      rbi: Math.min(4, event === 'home_run' ? onBase + 1 : (play.scoreValue ?? 0)),
    });
    if (event === 'hit_by_pitch') {
      hbp[top ? 'away' : 'home'] += 1;
      continue;
    }
    const line = hitsOf.get(batterId) ?? {
      batter,
      team_abb: team,
      singles: 0,
      doubles: 0,
      triples: 0,
      home_runs: 0,
    };
    const field = (
      { single: 'singles', double: 'doubles', triple: 'triples', home_run: 'home_runs' } as const
    )[event as 'single' | 'double' | 'triple' | 'home_run'];
    line[field] += 1;
    hitsOf.set(batterId, line);
  }
  const walks = { home: 0, away: 0 };
  for (const side of summary.boxscore.players) {
    const team = normalizeTeamAbb('mlb', side.team.abbreviation, record.season);
    const key = team === record.home ? 'home' : 'away';
    const batting = side.statistics.find((g) => g.type === 'batting' || g.keys.includes('walks'));
    const index = batting?.keys.indexOf('walks') ?? -1;
    for (const entry of batting?.athletes ?? []) {
      walks[key] += Number.parseInt(entry.stats?.[index] ?? '', 10) || 0;
    }
  }
  const side = (homeAway: 'home' | 'away') => competition.competitors.find((c) => c.homeAway === homeAway);
  const line = (homeAway: 'home' | 'away') => {
    const other = homeAway === 'home' ? 'away' : 'home';
    const hits = side(homeAway)?.hits ?? 0;
    return {
      team_abb: record[homeAway],
      runs: (homeAway === 'home' ? record.homeScore : record.awayScore) ?? 0,
      hits,
      baserunners: hits + walks[homeAway] + hbp[homeAway] + (side(other)?.errors ?? 0),
    };
  };
  const facts: MlbGameFacts = {
    gid: record.gid,
    start: record.startTime.toISOString(),
    status: record.status,
    home: line('home'),
    away: line('away'),
    innings: record.periods ?? 0,
    plays,
    batters: [...hitsOf.values()],
  };
  return { game: record, facts };
}

const SPORT_PATH: Record<ScheduleGame, string> = {
  nba: 'basketball/nba',
  mlb: 'baseball/mlb',
  'nfl-td': 'football/nfl',
};

/** Weeks of the NFL regular season (18 since 2021). */
const NFL_REG_WEEKS = 18;

/** Where the ESPN site API answers (a test points it at a local server). */
export const ESPN_BASE_URL = 'https://site.api.espn.com/apis/site/v2/sports';

/**
 * The ESPN site API as a provider: scoreboard by day, a season's schedule, game summaries with
 * their facts (NFL, NBA, MLB).
 */
export function createEspnProvider(
  game: ScheduleGame,
  http: FetchJsonOptions = {},
  baseUrl: string = ESPN_BASE_URL,
): SportsProvider {
  const base = `${baseUrl}/${SPORT_PATH[game]}`;
  return {
    name: 'espn',
    game,
    async fetchDay(date: string): Promise<ProviderBatch> {
      const json = await fetchJson(`${base}/scoreboard?dates=${date.replaceAll('-', '')}`, http);
      return { games: parseEspnScoreboard(game, json), facts: [] };
    },
    async fetchSeason(season: number): Promise<GameRecord[]> {
      if (game === 'nfl-td') {
        // One scoreboard per regular-season week (ESPN numbers NFL seasons by the year they start).
        const weeks = Array.from({ length: NFL_REG_WEEKS }, (_, i) => i + 1);
        const boards = await Promise.all(
          weeks.map((week) =>
            fetchJson(`${base}/scoreboard?dates=${season}&seasontype=2&week=${week}`, http),
          ),
        );
        return boards
          .flatMap((json) => parseEspnScoreboard(game, json))
          .filter((g) => g.seasonType === 'reg' && g.season === season);
      }
      // NBA from October to June of the next year, MLB from March to October: one date range.
      const range = game === 'nba' ? `${season}1001-${season + 1}0630` : `${season}0301-${season}1031`;
      const json = await fetchJson(`${base}/scoreboard?dates=${range}&seasontype=2&limit=2000`, http);
      return parseEspnScoreboard(game, json).filter((g) => g.seasonType === 'reg' && g.season === season);
    },
    async fetchGame(gid: string): Promise<ProviderBatch> {
      const json = await fetchJson(`${base}/summary?event=${encodeURIComponent(gid)}`, http);
      if (game === 'nfl-td') {
        const parsed = parseEspnNflSummary(json);
        return { games: [parsed.game], facts: [parsed.facts] };
      }
      const parsed = game === 'nba' ? parseEspnNbaSummary(json) : parseEspnMlbSummary(json);
      return {
        games: [parsed.game],
        facts: [{ game, gid: parsed.game.gid, facts: parsed.facts, missing: [], source: 'espn' }],
      };
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
