import type { MlbBatterHits, MlbPlay } from '../../../core/facts';
import { normalizeTeamAbb } from '../teams';
import { parseCsv } from './csv';

/**
 * Parser of Retrosheet event files (play-by-play, one file per home team and season; format per
 * retrosheet.org/eventfile.htm). It reads the id, info, start, sub and play lines and keeps what the
 * MLB bonuses need: home runs and hit batters as plays, and every batter's hits by type.
 */

/** A hit type, or null when the play was no hit. */
export type RetrosheetHit = 'single' | 'double' | 'triple' | 'home_run';

/** One game of an event file: its teams and the facts its plays give. */
export interface RetrosheetEventGame {
  /** Retrosheet game id (home team, yyyymmdd, game number): the game log's gid too. */
  gid: string;
  date: string;
  away: string;
  home: string;
  /** Home runs and hit batters, in game order. */
  plays: MlbPlay[];
  /** Each batter with at least one hit. */
  batters: MlbBatterHits[];
  /** Hits per side (away, home), for checks against the game log. */
  hits: { away: number; home: number };
}

/** What a play's event text says, reduced to the facts of a play. */
export interface RetrosheetPlayEvent {
  hit: RetrosheetHit | null;
  hitByPitch: boolean;
  /**
   * Runners on base at the play as far as its advances tell: exact for a home run (every runner
   * scores and is listed), only the forced runners for a hit batter.
   */
  runnersOnBase: number;
  /** Runs batted in: runners scoring without a no-RBI mark, plus the batter on a home run. */
  rbi: number;
}

/** The hit type of an event's basic play (S8, DGR, T9, HR, H are hits; SB, DI, HP are not). */
export function classifyHit(basic: string): RetrosheetHit | null {
  const b = basic.replace(/[!#?]/g, '');
  if (/^S\d*$/.test(b)) return 'single';
  if (/^D\d*$/.test(b) || b === 'DGR') return 'double';
  if (/^T\d*$/.test(b)) return 'triple';
  if (/^HR\d*$/.test(b) || /^H\d*$/.test(b)) return 'home_run';
  return null;
}

/** Reads a play's event field ("HR/F89XD.3-H;2-H;1-H", "HP.1-2", "S8/G"). */
export function parsePlayEvent(event: string): RetrosheetPlayEvent {
  const dot = event.indexOf('.');
  const main = dot === -1 ? event : event.slice(0, dot);
  const advances = dot === -1 ? [] : event.slice(dot + 1).split(';');
  const basic = main.split('/')[0];
  const hit = classifyHit(basic);
  const runners = advances.filter((a) => /^[123][-X]/.test(a));
  const scored = runners.filter((a) => /^[123]-H/.test(a) && !/\((NR|NORBI)\)/.test(a)).length;
  return {
    hit,
    hitByPitch: basic === 'HP',
    runnersOnBase: new Set(runners.map((a) => a[0])).size,
    rbi: scored + (hit === 'home_run' ? 1 : 0),
  };
}

interface Draft {
  gid: string;
  date: string;
  visteam: string;
  hometeam: string;
  names: Map<string, string>;
  plays: MlbPlay[];
  batters: Map<string, MlbBatterHits & { side: 0 | 1 }>;
}

function finish(d: Draft): RetrosheetEventGame {
  const season = Number(d.date.slice(0, 4));
  const away = normalizeTeamAbb('mlb', d.visteam, season);
  const home = normalizeTeamAbb('mlb', d.hometeam, season);
  const batters = [...d.batters.values()];
  const hitsOf = (side: 0 | 1) =>
    batters
      .filter((b) => b.side === side)
      .reduce((n, b) => n + b.singles + b.doubles + b.triples + b.home_runs, 0);
  return {
    gid: d.gid,
    date: d.date,
    away,
    home,
    plays: d.plays,
    batters: batters.map(({ side: _side, ...b }) => b),
    hits: { away: hitsOf(0), home: hitsOf(1) },
  };
}

const HIT_FIELD = { single: 'singles', double: 'doubles', triple: 'triples', home_run: 'home_runs' } as const;

/** Parses one event file (any number of games) into per-game facts. */
export function parseRetrosheetEvents(text: string): RetrosheetEventGame[] {
  const games: RetrosheetEventGame[] = [];
  let d: Draft | null = null;
  for (const f of parseCsv(text)) {
    const kind = f[0];
    if (kind === 'id') {
      if (d) games.push(finish(d));
      d = {
        gid: f[1],
        date: '',
        visteam: '',
        hometeam: '',
        names: new Map(),
        plays: [],
        batters: new Map(),
      };
      continue;
    }
    if (!d) continue;
    if (kind === 'info') {
      if (f[1] === 'visteam') d.visteam = f[2];
      else if (f[1] === 'hometeam') d.hometeam = f[2];
      else if (f[1] === 'date') d.date = f[2].replaceAll('/', '-');
    } else if (kind === 'start' || kind === 'sub') {
      d.names.set(f[1], f[2]);
    } else if (kind === 'play') {
      const event = parsePlayEvent(f[6] ?? '');
      if (!event.hit && !event.hitByPitch) continue;
      const side = f[2] === '1' ? 1 : 0;
      const team = normalizeTeamAbb('mlb', side === 1 ? d.hometeam : d.visteam, Number(d.date.slice(0, 4)));
      const name = d.names.get(f[3]) ?? f[3];
      if (event.hit) {
        const line = d.batters.get(f[3]) ?? {
          batter: name,
          team_abb: team,
          singles: 0,
          doubles: 0,
          triples: 0,
          home_runs: 0,
          side,
        };
        line[HIT_FIELD[event.hit]] += 1;
        d.batters.set(f[3], line);
      }
      if (event.hit === 'home_run' || event.hitByPitch) {
        d.plays.push({
          inning: Number(f[1]),
          half: side === 1 ? 'bottom' : 'top',
          batter: name,
          batter_team_abb: team,
          event: event.hitByPitch ? 'hit_by_pitch' : 'home_run',
          runners_on_base: event.runnersOnBase,
          rbi: event.rbi,
        });
      }
    }
  }
  if (d) games.push(finish(d));
  return games;
}

/** Batters kept in the bundled facts: those with hits of at least this many kinds (a cycle needs 4). */
export const BUNDLED_BATTER_MIN_HIT_KINDS = 3;

type Side = 0 | 1;
/** A bundled play: inning, side batting (0 away, 1 home), batter, HR or HP, runners on base, RBI. */
type BundledPlay = [number, Side, string, 'HR' | 'HP', number, number];
/** A bundled batter: name, side, singles, doubles, triples, home runs. */
type BundledBatter = [string, Side, number, number, number, number];

/** The compact facts of one game as bundled under data-seed (one JSON object per line). */
export interface BundledEventFacts {
  gid: string;
  p: BundledPlay[];
  b: BundledBatter[];
}

/** The bundled line of one parsed game: every HR and HBP play, and the batters near a cycle. */
export function toBundledEventFacts(game: RetrosheetEventGame): BundledEventFacts {
  const sideOf = (team: string): Side => (team === game.home ? 1 : 0);
  const kinds = (b: MlbBatterHits) =>
    [b.singles, b.doubles, b.triples, b.home_runs].filter((n) => n > 0).length;
  return {
    gid: game.gid,
    p: game.plays.map((p) => [
      p.inning,
      p.half === 'bottom' ? 1 : 0,
      p.batter,
      p.event === 'home_run' ? 'HR' : 'HP',
      p.runners_on_base,
      p.rbi,
    ]),
    b: game.batters
      .filter((b) => kinds(b) >= BUNDLED_BATTER_MIN_HIT_KINDS)
      .map((b) => [b.batter, sideOf(b.team_abb), b.singles, b.doubles, b.triples, b.home_runs]),
  };
}

/** Reads the bundled facts (JSON lines) back into plays and batters, with team abbreviations by side. */
export function readBundledEventFacts(
  text: string,
): Map<string, (teams: { away: string; home: string }) => Pick<RetrosheetEventGame, 'plays' | 'batters'>> {
  const out = new Map<
    string,
    (teams: { away: string; home: string }) => Pick<RetrosheetEventGame, 'plays' | 'batters'>
  >();
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const g = JSON.parse(line) as BundledEventFacts;
    out.set(g.gid, (teams) => {
      const team = (side: Side) => (side === 1 ? teams.home : teams.away);
      return {
        plays: g.p.map(([inning, side, batter, event, runners, rbi]) => ({
          inning,
          half: side === 1 ? 'bottom' : 'top',
          batter,
          batter_team_abb: team(side),
          event: event === 'HR' ? 'home_run' : 'hit_by_pitch',
          runners_on_base: runners,
          rbi,
        })),
        batters: g.b.map(([batter, side, singles, doubles, triples, home_runs]) => ({
          batter,
          team_abb: team(side),
          singles,
          doubles,
          triples,
          home_runs,
        })),
      };
    });
  }
  return out;
}
