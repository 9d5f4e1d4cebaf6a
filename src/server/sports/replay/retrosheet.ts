import type { MlbGameFacts } from '../../../core/facts';
import type { FactsRecord, GameRecord } from '../model';
import { normalizeTeamAbb } from '../teams';
import { parseCsv } from './csv';

/** Innings in a Retrosheet line score ("00400000x"; innings of 10+ runs are written "(10)"). */
export function countInnings(lineScore: string): number {
  return lineScore.replace(/\([0-9]+\)/g, '0').length;
}

/** Runs per inning of a Retrosheet line score; an inning not batted ("x") scores 0. */
export function parseLineScore(lineScore: string): number[] {
  return [...lineScore.matchAll(/\(([0-9]+)\)|([0-9])|x/g)].map((m) => Number(m[1] ?? m[2] ?? 0));
}

/** Runs per inning of both sides of one game. */
export interface LineScore {
  away: number[];
  home: number[];
}

/** Side stats the game log holds (fields per retrosheet.org/gamelogs/glfields.txt, 1-based). */
interface SideStats {
  hits: number;
  homeRuns: number;
  hitByPitch: number;
  walks: number;
  errors: number;
}

function sideStats(f: string[], offense: number, defense: number): SideStats {
  const n = (i: number) => Number(f[i - 1]) || 0;
  return {
    hits: n(offense + 1),
    homeRuns: n(offense + 4),
    hitByPitch: n(offense + 8),
    walks: n(offense + 9),
    errors: n(defense + 2),
  };
}

/** MLB facts from a game log also carry per-side counts of hit batters and home runs (no play detail). */
export type GameLogMlbFacts = MlbGameFacts & {
  team_counts: { home: { hbp: number; hr: number }; away: { hbp: number; hr: number } };
  /** The pitchers of record, as the Scoreboard shows a final game (W, L, S). */
  pitchers: { win: string | null; loss: string | null; save: string | null };
};

/** A pitcher's name from the game log; "(none)" and blanks are no one. */
function pitcherName(value: string | undefined): string | null {
  const name = value?.trim() ?? '';
  return name === '' || name === '(none)' ? null : name;
}

/**
 * Games, scores and the facts a Retrosheet game log holds (hits, base runners, HBP and HR counts,
 * innings). Start times are not in the log: day games are set at 13:10 and night games at 19:10
 * Eastern (EDT, the whole season), a doubleheader's second game four hours after its first.
 */
export function parseRetrosheetGameLog(text: string): {
  games: GameRecord[];
  facts: FactsRecord[];
  lineScores: Map<string, LineScore>;
} {
  const games: GameRecord[] = [];
  const facts: FactsRecord[] = [];
  const lineScores = new Map<string, LineScore>();
  for (const f of parseCsv(text)) {
    if (f.every((field) => !field.trim())) continue;
    const date = f[0];
    const number = f[1];
    const season = Number(date.slice(0, 4));
    const away = normalizeTeamAbb('mlb', f[3], season);
    const home = normalizeTeamAbb('mlb', f[6], season);
    const awayRuns = Number(f[9]);
    const homeRuns = Number(f[10]);
    const night = f[12] === 'N';
    const iso = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
    const hourUtc = (night ? 23 : 17) + (number === '2' ? 4 : 0);
    const startTime = new Date(Date.parse(`${iso}T00:00:00Z`) + (hourUtc * 60 + 10) * 60_000);
    const innings = Math.max(countInnings(f[19]), countInnings(f[20]));
    const gid = `${f[6]}${date}${number}`;
    games.push({
      game: 'mlb',
      gid,
      season,
      seasonType: 'reg',
      week: null,
      home,
      away,
      startTime,
      status: 'final',
      homeScore: homeRuns,
      awayScore: awayRuns,
      periods: innings,
    });
    lineScores.set(gid, { away: parseLineScore(f[19]), home: parseLineScore(f[20]) });
    const a = sideStats(f, 22, 44);
    const h = sideStats(f, 50, 72);
    const mlb: GameLogMlbFacts = {
      gid,
      start: startTime.toISOString(),
      status: 'final',
      home: {
        team_abb: home,
        runs: homeRuns,
        hits: h.hits,
        baserunners: h.hits + h.walks + h.hitByPitch + a.errors,
      },
      away: {
        team_abb: away,
        runs: awayRuns,
        hits: a.hits,
        baserunners: a.hits + a.walks + a.hitByPitch + h.errors,
      },
      innings,
      plays: [],
      batters: [],
      team_counts: {
        home: { hbp: h.hitByPitch, hr: h.homeRuns },
        away: { hbp: a.hitByPitch, hr: a.homeRuns },
      },
      // Fields 95, 97 and 99 of a game log: the winning, losing and saving pitchers' names.
      pitchers: { win: pitcherName(f[94]), loss: pitcherName(f[96]), save: pitcherName(f[98]) },
    };
    // Who was hit, grand slams and cycles need the event files; the game log only counts.
    facts.push({ game: 'mlb', gid, facts: mlb, missing: ['plays', 'batters'], source: 'retrosheet-gamelog' });
  }
  return { games, facts, lineScores };
}
