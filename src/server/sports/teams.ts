import type { PlayableGame } from '../../core/games';
import { TEAM_SEEDS } from './teams-data';

/** [abb, name, city, color one, color two, ESPN id] */
export type TeamSeed = [string, string, string, string, string, string];

export interface TeamRecord {
  game: PlayableGame;
  abb: string;
  name: string;
  city: string;
  colorOne: string;
  colorTwo: string;
  espnId: string;
}

// Feeds and datasets spell some clubs differently; these map their spellings onto ours.
const ALIASES: Record<PlayableGame, Record<string, string>> = {
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
    OAK: 'ATH',
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

/** All clubs of a game with their colours, in alphabetical order of abbreviation. */
export function listTeamSeeds(game: PlayableGame): TeamRecord[] {
  return TEAM_SEEDS[game]
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

const KNOWN = new Map<PlayableGame, Set<string>>(
  (Object.keys(TEAM_SEEDS) as PlayableGame[]).map((game) => [
    game,
    new Set(TEAM_SEEDS[game].map(([abb]) => abb)),
  ]),
);

/** The site's abbreviation for a provider's spelling; throws on a club we do not know. */
export function normalizeTeamAbb(game: PlayableGame, abb: string): string {
  const upper = abb.trim().toUpperCase();
  const canonical = ALIASES[game][upper] ?? upper;
  if (!KNOWN.get(game)?.has(canonical)) throw new Error(`Unknown ${game} team abbreviation: ${abb}`);
  return canonical;
}
