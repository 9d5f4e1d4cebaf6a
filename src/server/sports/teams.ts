import type { ScheduleGame } from '../../core/games';
import { TEAM_SEEDS } from './teams-data';

export interface TeamRecord {
  game: ScheduleGame;
  abb: string;
  name: string;
  city: string;
  colorOne: string;
  colorTwo: string;
  espnId: string;
}

// Feeds and datasets spell some clubs differently; these map their spellings onto ours.
const ALIASES: Record<ScheduleGame, Record<string, string>> = {
  nba: {
    GS: 'GSW',
    NY: 'NYK',
    NO: 'NOP',
    SA: 'SAS',
    UTAH: 'UTA',
    WSH: 'WAS',
    PHO: 'PHX',
    BRK: 'BKN',
    NJN: 'BKN',
  },
  mlb: {
    // Retrosheet
    ANA: 'LAA',
    CHA: 'CHW',
    CHN: 'CHC',
    KCA: 'KC',
    LAN: 'LAD',
    NYA: 'NYY',
    NYN: 'NYM',
    SDN: 'SD',
    SFN: 'SF',
    SLN: 'STL',
    TBA: 'TB',
    WAS: 'WSH',
    // MLB Stats API
    AZ: 'ARI',
    CWS: 'CHW',
  },
  'nfl-td': { OAK: 'LV', LA: 'LAR', STL: 'LAR', SD: 'LAC', WAS: 'WSH', JAC: 'JAX', LVR: 'LV' },
};

/**
 * Clubs whose abbreviation changed: `before` names the club in the seasons before `from`, `after`
 * from then on. The Athletics were OAK (Oakland) through 2024 and are ATH (Sacramento) from 2025,
 * so 2023 data says OAK whichever spelling a feed uses today.
 */
const RENAMES: Record<ScheduleGame, { before: string; after: string; from: number }[]> = {
  nba: [],
  mlb: [{ before: 'OAK', after: 'ATH', from: 2025 }],
  'nfl-td': [],
};

/** Whether a club played under this abbreviation in a season. */
function playedIn(game: ScheduleGame, abb: string, season: number): boolean {
  return RENAMES[game].every(
    (r) => !((abb === r.before && season >= r.from) || (abb === r.after && season < r.from)),
  );
}

/** The clubs of a game in one season with their colours, in alphabetical order of abbreviation. */
export function listTeamSeeds(game: ScheduleGame, season: number): TeamRecord[] {
  return TEAM_SEEDS[game]
    .filter(([abb]) => playedIn(game, abb, season))
    .map(([abb, name, city, colorOne, colorTwo, espnId]) => ({
      game,
      abb,
      name,
      city,
      colorOne,
      colorTwo,
      espnId,
    }))
    .sort((a, b) => a.abb.localeCompare(b.abb));
}

const KNOWN = new Map<ScheduleGame, Set<string>>(
  (Object.keys(TEAM_SEEDS) as ScheduleGame[]).map((game) => [
    game,
    new Set(TEAM_SEEDS[game].map(([abb]) => abb)),
  ]),
);

/**
 * The site's abbreviation for a provider's spelling; throws on a club we do not know. With the
 * game's season, a renamed club gets the abbreviation it had that season (ATH in 2023 is OAK);
 * pass it for every dated game.
 */
export function normalizeTeamAbb(game: ScheduleGame, abb: string, season?: number): string {
  const upper = abb.trim().toUpperCase();
  let canonical = ALIASES[game][upper] ?? upper;
  if (!KNOWN.get(game)?.has(canonical)) throw new Error(`Unknown ${game} team abbreviation: ${abb}`);
  if (season !== undefined) {
    for (const r of RENAMES[game]) {
      if (canonical === r.after && season < r.from) canonical = r.before;
      else if (canonical === r.before && season >= r.from) canonical = r.after;
    }
  }
  return canonical;
}

/**
 * The site's abbreviation for a provider's spelling, or the spelling itself (upper case) for a club
 * we do not know: a game's record keeps it, and the game is then rejected alone by the checks of
 * sanity.ts instead of failing the whole answer.
 */
export function teamAbbOrAsSent(game: ScheduleGame, abb: string, season?: number): string {
  const upper = abb.trim().toUpperCase();
  return KNOWN.get(game)?.has(ALIASES[game][upper] ?? upper) ? normalizeTeamAbb(game, abb, season) : upper;
}

/** Whether an abbreviation is one of the site's clubs of a game (as a provider's record spells it). */
export function isKnownTeam(game: ScheduleGame, abb: string): boolean {
  return KNOWN.get(game)?.has(abb) ?? false;
}
