import { z } from 'zod';
import type { GameStatus, MlbBatterHits, MlbGameFacts, MlbPlay, MlbPlayEvent } from '../../../core/facts';
import { type FetchJsonOptions, fetchJson } from '../http';
import type { GameRecord, ProviderBatch, SportsProvider, SportsSeasonType } from '../model';
import { normalizeTeamAbb } from '../teams';

// MLB Stats API team ids (from /api/v1/teams?sportId=1); the schedule names teams only by id.
// Today's abbreviations; teamAbbOf gives a renamed club the one of the game's season (133 is OAK before 2025).
const TEAM_IDS: Record<number, string> = {
  108: 'LAA',
  109: 'ARI',
  110: 'BAL',
  111: 'BOS',
  112: 'CHC',
  113: 'CIN',
  114: 'CLE',
  115: 'COL',
  116: 'DET',
  117: 'HOU',
  118: 'KC',
  119: 'LAD',
  120: 'WSH',
  121: 'NYM',
  133: 'ATH',
  134: 'PIT',
  135: 'SD',
  136: 'SEA',
  137: 'SF',
  138: 'STL',
  139: 'TB',
  140: 'TEX',
  141: 'TOR',
  142: 'MIN',
  143: 'PHI',
  144: 'ATL',
  145: 'CHW',
  146: 'MIA',
  147: 'NYY',
  158: 'MIL',
};

/** An unknown club stays as its id ("team 999"): the game is rejected alone, the rest is read. */
function teamAbbOf(id: number, season: number): string {
  const abb = TEAM_IDS[id];
  return abb ? normalizeTeamAbb('mlb', abb, season) : `team ${id}`;
}

const StatusSchema = z.object({
  abstractGameState: z.string(),
  codedGameState: z.string(),
  detailedState: z.string(),
});

/** MLB Stats API status in provider-neutral terms: final only for a Final abstract state (F, O codes). */
export function mapMlbStatus(status: z.infer<typeof StatusSchema>): GameStatus {
  if (
    /Postponed|Cancelled|Suspended/i.test(status.detailedState) ||
    ['D', 'C', 'T', 'U'].includes(status.codedGameState)
  ) {
    return 'postponed';
  }
  if (status.abstractGameState === 'Final') return 'final';
  if (status.abstractGameState === 'Live') return 'in_progress';
  return 'scheduled';
}

function mapGameType(type: string): SportsSeasonType {
  if (type === 'R') return 'reg';
  if (type === 'S' || type === 'E') return 'pre';
  return 'post';
}

const ScheduleSchema = z.object({
  dates: z.array(
    z.object({
      games: z.array(
        z.object({
          gamePk: z.number(),
          gameDate: z.string(),
          gameType: z.string(),
          season: z.coerce.number(),
          status: StatusSchema,
          teams: z.object({
            away: z.object({ score: z.number().optional(), team: z.object({ id: z.number() }) }),
            home: z.object({ score: z.number().optional(), team: z.object({ id: z.number() }) }),
          }),
        }),
      ),
    }),
  ),
});

/** Games of an MLB Stats API schedule response. */
export function parseMlbSchedule(json: unknown): GameRecord[] {
  const schedule = ScheduleSchema.parse(json);
  return schedule.dates.flatMap((date) =>
    date.games.map((g) => {
      const status = mapMlbStatus(g.status);
      const scored = status === 'final' || status === 'in_progress';
      return {
        game: 'mlb' as const,
        gid: String(g.gamePk),
        season: g.season,
        seasonType: mapGameType(g.gameType),
        week: null,
        home: teamAbbOf(g.teams.home.team.id, g.season),
        away: teamAbbOf(g.teams.away.team.id, g.season),
        startTime: new Date(g.gameDate),
        status,
        // A live game may not list a score yet; a final without one stays unscored (and is refused).
        homeScore: scored ? (g.teams.home.score ?? (status === 'final' ? null : 0)) : null,
        awayScore: scored ? (g.teams.away.score ?? (status === 'final' ? null : 0)) : null,
        periods: null,
      };
    }),
  );
}

const BattingSchema = z
  .object({
    hits: z.number().default(0),
    doubles: z.number().default(0),
    triples: z.number().default(0),
    homeRuns: z.number().default(0),
    baseOnBalls: z.number().default(0),
    hitByPitch: z.number().default(0),
  })
  .partial();

const BoxTeamSchema = z.object({
  teamStats: z.object({ batting: BattingSchema }),
  players: z.record(
    z.string(),
    z.object({
      person: z.object({ id: z.number(), fullName: z.string() }),
      stats: z.object({ batting: BattingSchema.optional() }).optional(),
    }),
  ),
});

const LineTeamSchema = z.object({
  runs: z.number().default(0),
  hits: z.number().default(0),
  errors: z.number().default(0),
});

const PersonSchema = z.object({ fullName: z.string() });

const LiveFeedSchema = z.object({
  gamePk: z.number(),
  gameData: z.object({
    datetime: z.object({ dateTime: z.string() }),
    status: StatusSchema,
    game: z.object({ type: z.string(), season: z.coerce.number() }),
    teams: z.object({ away: z.object({ id: z.number() }), home: z.object({ id: z.number() }) }),
  }),
  liveData: z.object({
    plays: z.object({
      allPlays: z.array(
        z.object({
          result: z.object({ eventType: z.string().optional(), rbi: z.number().optional() }),
          about: z.object({ inning: z.number(), halfInning: z.enum(['top', 'bottom']) }),
          matchup: z.object({ batter: z.object({ fullName: z.string() }) }),
          runners: z
            .array(
              z.object({
                movement: z.object({ originBase: z.string().nullable().optional() }),
                details: z.object({ runner: z.object({ id: z.number() }) }),
              }),
            )
            .default([]),
        }),
      ),
    }),
    linescore: z.object({
      innings: z.array(z.unknown()).default([]),
      teams: z.object({ home: LineTeamSchema, away: LineTeamSchema }),
      currentInning: z.number().int().optional(),
      inningHalf: z.string().optional(),
      balls: z.number().int().optional(),
      strikes: z.number().int().optional(),
      outs: z.number().int().optional(),
    }),
    decisions: z
      .object({
        winner: PersonSchema.optional(),
        loser: PersonSchema.optional(),
        save: PersonSchema.optional(),
      })
      .optional(),
    boxscore: z.object({ teams: z.object({ home: BoxTeamSchema, away: BoxTeamSchema }) }),
  }),
});

const NOTABLE_EVENTS: Record<string, MlbPlayEvent> = {
  single: 'single',
  double: 'double',
  triple: 'triple',
  home_run: 'home_run',
  hit_by_pitch: 'hit_by_pitch',
};

/**
 * An MLB game's facts with what the Scoreboard shows beside them: the count and outs while it is live,
 * the pitchers of record once final (the rules engine reads only the core facts).
 */
export type MlbScoreboardFacts = MlbGameFacts & {
  live?: {
    inning: number | null;
    half: 'top' | 'bottom' | null;
    balls: number | null;
    strikes: number | null;
    outs: number | null;
  };
  pitchers?: { win: string | null; loss: string | null; save: string | null };
};

/** Score and facts (plays, batters' hits, base runners) of an MLB Stats API live feed (v1.1 feed/live). */
export function parseMlbLiveFeed(json: unknown): { game: GameRecord; facts: MlbScoreboardFacts } {
  const feed = LiveFeedSchema.parse(json);
  const { gameData, liveData } = feed;
  const status = mapMlbStatus(gameData.status);
  const home = teamAbbOf(gameData.teams.home.id, gameData.game.season);
  const away = teamAbbOf(gameData.teams.away.id, gameData.game.season);
  const line = liveData.linescore.teams;
  const box = liveData.boxscore.teams;
  const started = status === 'final' || status === 'in_progress';
  const game: GameRecord = {
    game: 'mlb',
    gid: String(feed.gamePk),
    season: gameData.game.season,
    seasonType: mapGameType(gameData.game.type),
    week: null,
    home,
    away,
    startTime: new Date(gameData.datetime.dateTime),
    status,
    homeScore: started ? line.home.runs : null,
    awayScore: started ? line.away.runs : null,
    periods: started ? liveData.linescore.innings.length : null,
  };
  const plays: MlbPlay[] = [];
  for (const play of liveData.plays.allPlays) {
    const event = NOTABLE_EVENTS[play.result.eventType ?? ''];
    if (!event) continue;
    const onBase = new Set(play.runners.filter((r) => r.movement.originBase).map((r) => r.details.runner.id));
    plays.push({
      inning: play.about.inning,
      half: play.about.halfInning,
      batter: play.matchup.batter.fullName,
      batter_team_abb: play.about.halfInning === 'top' ? away : home,
      event,
      runners_on_base: Math.min(3, onBase.size),
      rbi: Math.min(4, play.result.rbi ?? 0),
    });
  }
  const batters: MlbBatterHits[] = [];
  for (const [abb, team] of [
    [away, box.away],
    [home, box.home],
  ] as const) {
    for (const player of Object.values(team.players)) {
      const b = player.stats?.batting;
      if (!b?.hits) continue;
      const doubles = b.doubles ?? 0;
      const triples = b.triples ?? 0;
      const homeRuns = b.homeRuns ?? 0;
      batters.push({
        batter: player.person.fullName,
        team_abb: abb,
        singles: b.hits - doubles - triples - homeRuns,
        doubles,
        triples,
        home_runs: homeRuns,
      });
    }
  }
  // Base runners for perfect games: hits, walks, hit batters and the fielding side's errors.
  const baserunners = (batting: z.infer<typeof BattingSchema>, hits: number, opponentErrors: number) =>
    hits + (batting.baseOnBalls ?? 0) + (batting.hitByPitch ?? 0) + opponentErrors;
  const facts: MlbGameFacts = {
    gid: game.gid,
    start: game.startTime.toISOString(),
    status,
    home: {
      team_abb: home,
      runs: line.home.runs,
      hits: line.home.hits,
      baserunners: baserunners(box.home.teamStats.batting, line.home.hits, line.away.errors),
    },
    away: {
      team_abb: away,
      runs: line.away.runs,
      hits: line.away.hits,
      baserunners: baserunners(box.away.teamStats.batting, line.away.hits, line.home.errors),
    },
    innings: liveData.linescore.innings.length,
    plays,
    batters,
  };
  const linescore = liveData.linescore;
  const half = linescore.inningHalf?.toLowerCase();
  const scoreboard: MlbScoreboardFacts = {
    ...facts,
    ...(status === 'in_progress'
      ? {
          live: {
            inning: linescore.currentInning ?? null,
            half: half === 'top' || half === 'bottom' ? half : null,
            balls: linescore.balls ?? null,
            strikes: linescore.strikes ?? null,
            outs: linescore.outs ?? null,
          },
        }
      : {}),
    ...(status === 'final' && liveData.decisions
      ? {
          pitchers: {
            win: liveData.decisions.winner?.fullName ?? null,
            loss: liveData.decisions.loser?.fullName ?? null,
            save: liveData.decisions.save?.fullName ?? null,
          },
        }
      : {}),
  };
  return { game, facts: scoreboard };
}

/** Where the MLB Stats API answers (a test points it at a local server). */
export const MLB_STATSAPI_BASE_URL = 'https://statsapi.mlb.com/api';

/** The MLB Stats API as a provider: schedule by day or season, live feed per game. */
export function createMlbStatsApiProvider(
  http: FetchJsonOptions = {},
  baseUrl: string = MLB_STATSAPI_BASE_URL,
): SportsProvider {
  const base = baseUrl;
  return {
    name: 'mlb-statsapi',
    game: 'mlb',
    async fetchDay(date: string): Promise<ProviderBatch> {
      const json = await fetchJson(`${base}/v1/schedule?sportId=1&date=${date}`, http);
      return { games: parseMlbSchedule(json), facts: [] };
    },
    async fetchSeason(season: number): Promise<GameRecord[]> {
      const json = await fetchJson(`${base}/v1/schedule?sportId=1&season=${season}&gameType=R`, http);
      return parseMlbSchedule(json).filter((g) => g.seasonType === 'reg' && g.season === season);
    },
    async fetchGame(gid: string): Promise<ProviderBatch> {
      const json = await fetchJson(`${base}/v1.1/game/${encodeURIComponent(gid)}/feed/live`, http);
      const { game, facts } = parseMlbLiveFeed(json);
      return {
        games: [game],
        facts: [{ game: 'mlb', gid: game.gid, facts, missing: [], source: 'mlb-statsapi' }],
      };
    },
  };
}
