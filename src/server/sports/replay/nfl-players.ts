import { z } from 'zod';
import type { NflPlayerLine } from '../facts';
import type { NflPlayerRecord } from '../model';
import { NFL_SKILL_POSITIONS } from '../providers/espn';
import { normalizeTeamAbb } from '../teams';
import { TEAM_SEEDS } from '../teams-data';
import { hashSeed, seededRandom } from './seeded';

/** A real player as a recorded ESPN file names him: full names, and position and headshot when known. */
export interface KnownNflPlayer {
  espnId: string;
  teamAbb: string;
  name: string;
  displayName: string;
  shortName: string;
  position: string | null;
  headshot: string | null;
}

/** How many players a club's list holds per position (depth 1 to n); generated players fill the gaps. */
export const NFL_DEPTH_SLOTS: Readonly<Record<string, number>> = { QB: 2, RB: 3, WR: 5, TE: 3 };

const SummaryNamesSchema = z.object({
  boxscore: z.object({
    players: z.array(
      z.object({
        team: z.object({ abbreviation: z.string() }),
        statistics: z.array(
          z.object({
            name: z.string(),
            athletes: z.array(
              z.object({
                athlete: z
                  .object({
                    id: z.string(),
                    displayName: z.string(),
                    headshot: z.object({ href: z.string() }).optional(),
                  })
                  .nullable()
                  .optional(),
              }),
            ),
          }),
        ),
      }),
    ),
  }),
  leaders: z
    .array(
      z.object({
        team: z.object({ abbreviation: z.string() }),
        leaders: z.array(
          z.object({
            leaders: z.array(
              z.object({
                athlete: z.object({
                  id: z.string(),
                  position: z.object({ abbreviation: z.string() }).optional(),
                }),
              }),
            ),
          }),
        ),
      }),
    )
    .default([]),
});

const OFFENSE_GROUPS = new Set(['passing', 'rushing', 'receiving']);

/** The offensive players of an ESPN game summary, with positions where the summary's leaders give them. */
export function knownPlayersOfEspnSummary(json: unknown): KnownNflPlayer[] {
  const summary = SummaryNamesSchema.parse(json);
  const positions = new Map<string, string>();
  for (const team of summary.leaders) {
    for (const category of team.leaders) {
      for (const leader of category.leaders) {
        const position = leader.athlete.position?.abbreviation;
        if (position) positions.set(leader.athlete.id, position);
      }
    }
  }
  const players = new Map<string, KnownNflPlayer>();
  for (const side of summary.boxscore.players) {
    const teamAbb = normalizeTeamAbb('nfl-td', side.team.abbreviation);
    for (const group of side.statistics.filter((g) => OFFENSE_GROUPS.has(g.name))) {
      for (const { athlete } of group.athletes) {
        if (!athlete || players.has(athlete.id)) continue;
        const [first, ...rest] = athlete.displayName.split(' ');
        const position = positions.get(athlete.id) ?? null;
        players.set(athlete.id, {
          espnId: athlete.id,
          teamAbb,
          name: athlete.displayName,
          displayName: athlete.displayName,
          shortName: `${first[0]}. ${rest.join(' ')}`,
          position: position && NFL_SKILL_POSITIONS.includes(position) ? position : null,
          headshot: athlete.headshot?.href ?? null,
        });
      }
    }
  }
  return [...players.values()];
}

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v']);

/**
 * The key a short name and a full name share within a club: first initial and last name, lower
 * case, suffixes dropped ("P.Mahomes", "P. Mahomes" and "Patrick Mahomes" give "p.mahomes").
 */
export function nflNameKey(name: string): string {
  const dot = name.indexOf('.');
  const [first, last] =
    dot > 0 && !name.slice(0, dot).includes(' ')
      ? [name.slice(0, dot), name.slice(dot + 1)]
      : [name.split(' ')[0], name.split(' ').slice(1).join(' ')];
  const words = last
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !SUFFIXES.has(w.replace(/\./g, '')));
  return `${first.trim()[0]?.toLowerCase() ?? ''}.${words.join(' ')}`;
}

// The recorded week's (2023 week 2) tight ends by player id: usage alone cannot tell a tight end
// from a receiver, and no recorded ESPN file names their position.
const RECORDED_TIGHT_ENDS = new Set(
  (
    '00-0037838 00-0034753 00-0038129 00-0036290 00-0033885 00-0036894 00-0034364 00-0033858 ' +
    '00-0036970 00-0039144 00-0034383 00-0033881 00-0030506 00-0037809 00-0033895 00-0038933 ' +
    '00-0032392 00-0034829 00-0033090 00-0034351 00-0035229 00-0030061 00-0037744 00-0031610 ' +
    '00-0038041 00-0034270 00-0039065 00-0035644 00-0033288 00-0033110'
  ).split(' '),
);

function guessPosition(line: NflPlayerLine): string {
  if (RECORDED_TIGHT_ENDS.has(line.player_id)) return 'TE';
  if (line.pass_att >= 5) return 'QB';
  if (line.rush_att > line.rec) return 'RB';
  return 'WR';
}

const FIRST_NAMES = (
  'Tyler Brandon Marcus Derek Cody Jalen Trevor Austin Dante Corey Blake Isaiah Logan Malcolm ' +
  'Grant Nate Tanner Xavier Jordan Carson Darnell Evan Hunter Kendrick Levi Mason Noah Parker ' +
  'Quincy Reid Seth Terrell Wyatt Zach Colby Damien Garrett Jace Lamont Owen'
).split(' ');
const LAST_NAMES = (
  'Ashford Brooks Calloway Dunmore Everett Fairley Gaines Hollis Irving Jessup Kearney Lockett ' +
  'Maddox Nance Oakley Prescott-Hale Quinlan Radford Sheppard Tillman Upshaw Vickers Whitaker ' +
  'Yarbrough Alston Boykin Cromwell Dorsett Ellery Fulton Gentry Harlan Ingram-Cole Jarrett ' +
  'Kimble Lusk Merriweather Northcutt Pruitt Renfro'
).split(' ');

let nameOrder: number[] | undefined;

// Every first and last name pair in one seeded order; a club's generated slots take pairs from its
// own range, so generated names are unique in the league and the same on every start.
function generatedName(teamAbb: string, slot: number): string {
  if (!nameOrder) {
    const rand = seededRandom(hashSeed('nfl-names'));
    nameOrder = Array.from({ length: FIRST_NAMES.length * LAST_NAMES.length }, (_, i) => i);
    for (let i = nameOrder.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [nameOrder[i], nameOrder[j]] = [nameOrder[j], nameOrder[i]];
    }
  }
  const perClub = Object.values(NFL_DEPTH_SLOTS).reduce((n, k) => n + k, 0);
  const club = TEAM_SEEDS['nfl-td'].findIndex(([abb]) => abb === teamAbb);
  const base = club >= 0 ? club : TEAM_SEEDS['nfl-td'].length + (hashSeed(teamAbb) % 40);
  const pair = nameOrder[(base * perClub + slot) % nameOrder.length];
  return `${FIRST_NAMES[Math.floor(pair / LAST_NAMES.length)]} ${LAST_NAMES[pair % LAST_NAMES.length]}`;
}

interface Candidate {
  record: NflPlayerRecord;
  usage: number;
}

/**
 * The replay's NFL player list: for every club a QB, RBs, WRs and TEs with depth ranks
 * (NFL_DEPTH_SLOTS each). First the players with an offensive touch in the recorded week, depth by
 * usage, named in full with position and headshot when a recorded ESPN file knows them (matched by
 * club and short name; otherwise the recorded short name and a position guessed from usage, which
 * cannot tell a tight end); then the known players of those files who did not play that week; then
 * generated players (names made up, marked simulated) for the slots still empty.
 */
export function buildReplayNflPlayers(
  recordedLines: readonly NflPlayerLine[],
  known: readonly KnownNflPlayer[] = [],
  clubs: readonly string[] = TEAM_SEEDS['nfl-td'].map(([abb]) => abb),
): NflPlayerRecord[] {
  const knownByKey = new Map<string, KnownNflPlayer | null>();
  for (const k of known) {
    const key = `${k.teamAbb}:${nflNameKey(k.name)}`;
    // Two known players with one key cannot be told apart by a short name: match neither.
    knownByKey.set(key, knownByKey.has(key) ? null : k);
  }
  const used = new Set<KnownNflPlayer>();
  const candidates: Candidate[] = [];
  for (const line of recordedLines) {
    if (line.pass_att + line.rush_att + line.rec === 0) continue;
    const match = knownByKey.get(`${line.team_abb}:${nflNameKey(line.name)}`) ?? null;
    if (match) used.add(match);
    candidates.push({
      usage: line.pass_att + line.rush_att + line.rec * 2,
      record: {
        id: line.player_id,
        name: match?.name ?? line.name,
        displayName: match?.displayName ?? line.name,
        shortName: match?.shortName ?? line.name,
        position: match?.position ?? guessPosition(line),
        teamAbb: line.team_abb,
        depthRank: null,
        headshot: match?.headshot ?? null,
        simulated: false,
      },
    });
  }
  // A player is on one club: a known player of a later roster file (another season) who played the
  // recorded week for another club is that club's, never listed twice.
  const playedKeys = new Set(recordedLines.map((line) => nflNameKey(line.name)));
  for (const k of known) {
    if (used.has(k) || !k.position || playedKeys.has(nflNameKey(k.name))) continue;
    candidates.push({
      usage: 0,
      record: {
        id: `espn-${k.espnId}`,
        name: k.name,
        displayName: k.displayName,
        shortName: k.shortName,
        position: k.position,
        teamAbb: k.teamAbb,
        depthRank: null,
        headshot: k.headshot,
        simulated: false,
      },
    });
  }
  const out: NflPlayerRecord[] = [];
  let slot = 0;
  for (const teamAbb of [...clubs].sort()) {
    for (const [position, slots] of Object.entries(NFL_DEPTH_SLOTS)) {
      const mine = candidates
        .filter((c) => c.record.teamAbb === teamAbb && c.record.position === position)
        .sort((a, b) => b.usage - a.usage);
      // Everyone who touched the ball in the recorded week stays; known extras only fill slots.
      const kept = mine.filter((c, i) => c.usage > 0 || i < slots);
      kept.forEach((c, i) => {
        out.push({ ...c.record, depthRank: i + 1 });
      });
      for (let rank = kept.length + 1; rank <= slots; rank++) {
        const name = generatedName(teamAbb, slot + rank - 1);
        const [first, last] = [name.split(' ')[0], name.split(' ').slice(1).join(' ')];
        out.push({
          id: `sim-${teamAbb}-${position}${rank}`,
          name,
          displayName: name,
          shortName: `${first[0]}. ${last}`,
          position,
          teamAbb,
          depthRank: rank,
          headshot: null,
          simulated: true,
        });
      }
      slot += slots;
    }
    slot = 0;
  }
  return out;
}
