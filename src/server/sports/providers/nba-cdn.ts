import { z } from 'zod';
import type { GameStatus, NbaDecidingShot, NbaGameFacts, NbaScoringRun } from '../../../core/facts';
import { type FetchJsonOptions, fetchJson } from '../http';
import type { GameRecord, ProviderBatch, SportsProvider } from '../model';
import { teamAbbOrAsSent } from '../teams';

const BoxTeamSchema = z.object({
  teamTricode: z.string(),
  score: z.number(),
  players: z
    .array(
      z.object({
        personId: z.number(),
        name: z.string(),
        statistics: z.object({
          points: z.number(),
          reboundsTotal: z.number(),
          assists: z.number(),
          steals: z.number(),
          blocks: z.number(),
        }),
      }),
    )
    .default([]),
});

const BoxscoreSchema = z.object({
  game: z.object({
    gameId: z.string(),
    gameTimeUTC: z.string(),
    gameStatus: z.number(),
    gameStatusText: z.string(),
    period: z.number(),
    homeTeam: BoxTeamSchema,
    awayTeam: BoxTeamSchema,
  }),
});

/** NBA CDN status (1 scheduled, 2 live, 3 final; PPD text for postponed) in provider-neutral terms. */
export function mapNbaCdnStatus(gameStatus: number, text: string): GameStatus {
  if (/PPD|Postponed|Cancel/i.test(text)) return 'postponed';
  if (gameStatus === 3) return 'final';
  if (gameStatus === 2) return 'in_progress';
  return 'scheduled';
}

/** NBA season of a game id (002YY.....: regular season starting in 20YY). */
function seasonOfGameId(gameId: string): { season: number; seasonType: GameRecord['seasonType'] } {
  const kind = gameId.slice(2, 3);
  const season = 2000 + Number(gameId.slice(3, 5));
  return { season, seasonType: kind === '1' ? 'pre' : kind === '2' ? 'reg' : 'post' };
}

/** Score and box lines of an NBA CDN live-data boxscore; runs and the deciding shot come from play-by-play. */
export function parseNbaBoxscore(json: unknown): { game: GameRecord; facts: NbaGameFacts } {
  const { game: g } = BoxscoreSchema.parse(json);
  const status = mapNbaCdnStatus(g.gameStatus, g.gameStatusText);
  // An unknown club is kept as sent: the game is rejected alone, the rest of the day is read.
  const home = teamAbbOrAsSent('nba', g.homeTeam.teamTricode);
  const away = teamAbbOrAsSent('nba', g.awayTeam.teamTricode);
  const started = status === 'final' || status === 'in_progress';
  const game: GameRecord = {
    game: 'nba',
    gid: g.gameId,
    ...seasonOfGameId(g.gameId),
    week: null,
    home,
    away,
    startTime: new Date(g.gameTimeUTC),
    status,
    homeScore: started ? g.homeTeam.score : null,
    awayScore: started ? g.awayTeam.score : null,
    periods: started ? g.period : null,
  };
  const players = [
    ...g.homeTeam.players.map((p) => ({ p, team: home })),
    ...g.awayTeam.players.map((p) => ({ p, team: away })),
  ].map(({ p, team }) => ({
    player_id: String(p.personId),
    name: p.name,
    team_abb: team,
    points: p.statistics.points,
    rebounds: p.statistics.reboundsTotal,
    assists: p.statistics.assists,
    steals: p.statistics.steals,
    blocks: p.statistics.blocks,
  }));
  const facts: NbaGameFacts = {
    gid: g.gameId,
    start: game.startTime.toISOString(),
    status,
    home: { team_abb: home, score: g.homeTeam.score },
    away: { team_abb: away, score: g.awayTeam.score },
    periods: g.period,
    players,
    longest_runs: [],
    deciding_shot: null,
  };
  return { game, facts };
}

const PlayByPlaySchema = z.object({
  game: z.object({
    actions: z.array(
      z.object({
        actionNumber: z.number(),
        clock: z.string(),
        period: z.number(),
        actionType: z.string(),
        shotResult: z.string().nullable().optional(),
        scoreHome: z.string(),
        scoreAway: z.string(),
        playerNameI: z.string().nullable().optional(),
      }),
    ),
  }),
});

/** Seconds left in the period from an ISO-8601 duration clock like PT00M07.10S. */
export function parseNbaClock(clock: string): number {
  const match = /PT(?:(\d+)M)?(?:([\d.]+)S)?/.exec(clock);
  if (!match) return 0;
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

export interface NbaPlayByPlayFacts {
  longest_runs: NbaScoringRun[];
  deciding_shot: NbaDecidingShot | null;
}

/** A running score after one play, as any NBA play-by-play feed gives it. */
export interface NbaScoreEvent {
  home: number;
  away: number;
  period: number;
  /** Clock left in the period. */
  seconds: number;
  player: string | null;
}

/**
 * Each team's longest run of unanswered points and the game's deciding shot (the score after
 * which the winner never trailed or was tied again), from the running score of a play-by-play.
 */
export function nbaScoringFacts(
  events: readonly NbaScoreEvent[],
  home: string,
  away: string,
): NbaPlayByPlayFacts {
  const best = { home: 0, away: 0 };
  let run: { side: 'home' | 'away'; points: number } | null = null;
  let prevHome = 0;
  let prevAway = 0;
  const scores: Array<{
    index: number;
    side: 'home' | 'away';
    before: [number, number];
    after: [number, number];
  }> = [];
  events.forEach((event, index) => {
    const h = event.home;
    const a = event.away;
    if (!Number.isFinite(h) || !Number.isFinite(a)) return;
    // Score corrections can move a score down; they end nothing and start nothing.
    for (const [side, gain] of [
      ['home', h - prevHome],
      ['away', a - prevAway],
    ] as const) {
      if (gain <= 0) continue;
      run = run && run.side === side ? { side, points: run.points + gain } : { side, points: gain };
      best[side] = Math.max(best[side], run.points);
      scores.push({ index, side, before: [prevHome, prevAway], after: [h, a] });
    }
    prevHome = h;
    prevAway = a;
  });
  const longest_runs: NbaScoringRun[] = [
    { team_abb: away, points: best.away },
    { team_abb: home, points: best.home },
  ];
  let deciding_shot: NbaDecidingShot | null = null;
  if (prevHome !== prevAway) {
    const winner = prevHome > prevAway ? 'home' : 'away';
    const lead = (score: [number, number]) => (winner === 'home' ? score[0] - score[1] : score[1] - score[0]);
    // The last score by the winner that took them from not-leading to leading.
    for (let i = scores.length - 1; i >= 0; i--) {
      const s = scores[i];
      if (s.side === winner && lead(s.before) <= 0 && lead(s.after) > 0) {
        const event = events[s.index];
        deciding_shot = {
          team_abb: winner === 'home' ? home : away,
          player: event.player,
          period: event.period,
          seconds_remaining: event.seconds,
          made: true,
          decided_game: true,
        };
        break;
      }
    }
  }
  return { longest_runs, deciding_shot };
}

/** Each team's longest run and the deciding shot from NBA CDN play-by-play. */
export function parseNbaPlayByPlay(json: unknown, home: string, away: string): NbaPlayByPlayFacts {
  const { actions } = PlayByPlaySchema.parse(json).game;
  return nbaScoringFacts(
    actions.map((action) => ({
      home: Number(action.scoreHome),
      away: Number(action.scoreAway),
      period: action.period,
      seconds: parseNbaClock(action.clock),
      player: action.playerNameI ?? null,
    })),
    home,
    away,
  );
}

const ScheduleSchema = z.object({
  leagueSchedule: z.object({
    gameDates: z.array(
      z.object({
        games: z.array(
          z.object({
            gameId: z.string(),
            gameStatus: z.number(),
            gameStatusText: z.string(),
            gameDateTimeUTC: z.string(),
            homeTeam: z.object({ teamTricode: z.string(), score: z.number().nullable().optional() }),
            awayTeam: z.object({ teamTricode: z.string(), score: z.number().nullable().optional() }),
          }),
        ),
      }),
    ),
  }),
});

/**
 * Games of the NBA CDN's season schedule (staticData/scheduleLeagueV2.json). Preseason games and
 * games without both teams yet (playoff slots "TBD") are left out.
 */
export function parseNbaSchedule(json: unknown): GameRecord[] {
  const { gameDates } = ScheduleSchema.parse(json).leagueSchedule;
  return gameDates.flatMap((day) =>
    day.games
      // Preseason games (against clubs from abroad too) never count in a pool.
      .filter(
        (g) =>
          g.homeTeam.teamTricode && g.awayTeam.teamTricode && seasonOfGameId(g.gameId).seasonType !== 'pre',
      )
      .map((g) => {
        const status = mapNbaCdnStatus(g.gameStatus, g.gameStatusText);
        const scored = status === 'final' || status === 'in_progress';
        return {
          game: 'nba' as const,
          gid: g.gameId,
          ...seasonOfGameId(g.gameId),
          week: null,
          home: teamAbbOrAsSent('nba', g.homeTeam.teamTricode),
          away: teamAbbOrAsSent('nba', g.awayTeam.teamTricode),
          startTime: new Date(g.gameDateTimeUTC),
          status,
          homeScore: scored ? (g.homeTeam.score ?? null) : null,
          awayScore: scored ? (g.awayTeam.score ?? null) : null,
          periods: null,
        };
      }),
  );
}

/** Where the NBA CDN's JSON answers (a test points it at a local server). */
export const NBA_CDN_BASE_URL = 'https://cdn.nba.com/static/json';

/**
 * The NBA live-data CDN as a provider: today's scoreboard, the season schedule, boxscore plus
 * play-by-play per game.
 */
export function createNbaCdnProvider(
  http: FetchJsonOptions = {},
  baseUrl: string = NBA_CDN_BASE_URL,
): SportsProvider {
  const base = `${baseUrl}/liveData`;
  return {
    name: 'nba-cdn',
    game: 'nba',
    async fetchDay(_date: string): Promise<ProviderBatch> {
      // The CDN only publishes today's scoreboard; other days come from the ESPN provider.
      const json = (await fetchJson(`${base}/scoreboard/todaysScoreboard_00.json`, http)) as {
        scoreboard?: { games?: Array<{ gameId: string }> };
      };
      const batches = await Promise.all((json.scoreboard?.games ?? []).map((g) => this.fetchGame(g.gameId)));
      return { games: batches.flatMap((b) => b.games), facts: batches.flatMap((b) => b.facts) };
    },
    async fetchSeason(season: number): Promise<GameRecord[]> {
      // The CDN publishes the schedule of the season under way (or about to start) only.
      const json = await fetchJson(`${baseUrl}/staticData/scheduleLeagueV2.json`, http);
      return parseNbaSchedule(json).filter((g) => g.seasonType === 'reg' && g.season === season);
    },
    async fetchGame(gid: string): Promise<ProviderBatch> {
      const box = parseNbaBoxscore(await fetchJson(`${base}/boxscore/boxscore_${gid}.json`, http));
      if (box.game.status === 'scheduled' || box.game.status === 'postponed') {
        return { games: [box.game], facts: [] };
      }
      const pbp = parseNbaPlayByPlay(
        await fetchJson(`${base}/playbyplay/playbyplay_${gid}.json`, http),
        box.game.home,
        box.game.away,
      );
      return {
        games: [box.game],
        facts: [{ game: 'nba', gid, facts: { ...box.facts, ...pbp }, missing: [], source: 'nba-cdn' }],
      };
    },
  };
}
