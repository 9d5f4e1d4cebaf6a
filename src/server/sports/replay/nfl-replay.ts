import { atPacificTime } from '../../../core/calendar';
import { addDays } from '../../../core/calendar/pacific-time';
import { deriveNflWeeks } from '../calendar';
import type { NflPlayerLine } from '../facts';
import type { GameRecord, NflPlayerRecord, NflWeekStatRecord } from '../model';
import { normalizeTeamAbb } from '../teams';
import { splitCsvLine } from './retrosheet';
import { hashSeed, poisson, seededRandom } from './seeded';

// Kickoffs are not in the FiveThirtyEight file; these Pacific times by weekday stand in for them.
const KICKOFF_BY_WEEKDAY: Record<number, string> = { 0: '10:00', 1: '17:15', 4: '17:20', 6: '13:30' };

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * One NFL season of the FiveThirtyEight games file (team1 is home), with weeks derived from dates
 * (rescheduled midweek games kept in the week they belong to) and dates moved by dayShift (a multiple of 7 keeps weekdays) so the replay can line up seasons.
 */
export function parseNfl538Season(csv: string, season: number, dayShift = 0): GameRecord[] {
  const lines = csv.split(/\r?\n/).filter(Boolean);
  const header = splitCsvLine(lines[0]);
  const col = (name: string) => header.indexOf(name);
  const [cDate, cSeason, cPlayoff, cHome, cAway, cHomeScore, cAwayScore] = [
    col('date'),
    col('season'),
    col('playoff'),
    col('team1'),
    col('team2'),
    col('score1'),
    col('score2'),
  ];
  const rows = lines
    .slice(1)
    .map(splitCsvLine)
    .filter((f) => Number(f[cSeason]) === season);
  const regular = rows.filter((f) => f[cPlayoff] === '0');
  const weeks = deriveNflWeeks(
    regular.map((f) => f[cDate]),
    regular.map((f) => [f[cHome], f[cAway]] as const),
  );
  const weekOf = new Map(regular.map((f, i) => [f, weeks[i]]));
  const seasonShift = Math.round(dayShift / 364);
  return rows.map((f, i) => {
    const date = addDays(f[cDate], dayShift);
    const home = normalizeTeamAbb('nfl-td', f[cHome]);
    const away = normalizeTeamAbb('nfl-td', f[cAway]);
    return {
      game: 'nfl-td' as const,
      gid: `538-${date}-${away}-${home}-${i}`,
      season: season + seasonShift,
      seasonType: f[cPlayoff] === '0' ? ('reg' as const) : ('post' as const),
      week: weekOf.get(f) ?? null,
      home,
      away,
      startTime: atPacificTime(date, KICKOFF_BY_WEEKDAY[weekday(date)] ?? '13:00'),
      status: 'final' as const,
      homeScore: Number(f[cHomeScore]),
      awayScore: Number(f[cAwayScore]),
      periods: 4,
    };
  });
}

/** A recorded week of NFL games as derived by build-nfl-week.ts. */
export interface RecordedNflGame {
  source: string;
  players: NflPlayerLine[];
}

function guessPosition(line: NflPlayerLine): string {
  if (line.pass_att >= 5) return 'QB';
  if (line.rush_att > line.rec) return 'RB';
  return 'WR';
}

/**
 * The replay's NFL player pool: every player with an offensive touch in the recorded week (Shield
 * gives short names and no positions, so positions are guessed from usage and depth is by usage).
 */
export function buildReplayNflPlayers(recorded: readonly RecordedNflGame[]): NflPlayerRecord[] {
  const lines = recorded.flatMap((g) => g.players).filter((l) => l.pass_att + l.rush_att + l.rec > 0);
  const players = lines.map((l) => ({
    line: l,
    position: guessPosition(l),
    usage: l.pass_att + l.rush_att + l.rec * 2,
  }));
  players.sort(
    (a, b) =>
      a.line.team_abb.localeCompare(b.line.team_abb) ||
      a.position.localeCompare(b.position) ||
      b.usage - a.usage,
  );
  const rank = new Map<string, number>();
  return players.map(({ line, position }) => {
    const key = `${line.team_abb}:${position}`;
    const depthRank = (rank.get(key) ?? 0) + 1;
    rank.set(key, depthRank);
    return {
      id: line.player_id,
      name: line.name,
      displayName: line.name,
      shortName: line.name,
      position,
      teamAbb: line.team_abb,
      depthRank,
      headshot: null,
    };
  });
}

/**
 * Week lines for the replay season: the recorded week is kept as recorded (simulated false); other
 * weeks are drawn from a seeded generator around each player's recorded usage (simulated true).
 * Players whose team has no game that week get no line.
 */
export function buildReplayNflWeekStats(
  recorded: readonly RecordedNflGame[],
  players: readonly NflPlayerRecord[],
  schedule: readonly GameRecord[],
  options: { season: number; recordedWeek: number; seed?: number },
): NflWeekStatRecord[] {
  const lineOf = new Map(recorded.flatMap((g) => g.players).map((l) => [l.player_id, l]));
  const teamsByWeek = new Map<number, Set<string>>();
  for (const g of schedule) {
    if (g.seasonType !== 'reg' || g.week === null) continue;
    const set = teamsByWeek.get(g.week) ?? new Set<string>();
    set.add(g.home).add(g.away);
    teamsByWeek.set(g.week, set);
  }
  const out: NflWeekStatRecord[] = [];
  for (const [week, playing] of [...teamsByWeek.entries()].sort((a, b) => a[0] - b[0])) {
    for (const player of players) {
      if (!playing.has(player.teamAbb)) continue;
      const base = lineOf.get(player.id);
      if (!base) continue;
      const { name: _name, team_abb: _team, ...stats } = base;
      if (week === options.recordedWeek) {
        out.push({ ...stats, season: options.season, week, simulated: false });
        continue;
      }
      const rand = seededRandom(hashSeed(`${options.seed ?? 1}:${player.id}:${week}`));
      const scale = 0.6 + rand() * 0.8;
      const att = Math.round(base.pass_att * scale);
      const cmp = Math.min(att, Math.round(att * (0.55 + rand() * 0.15)));
      const rushAtt = Math.round(base.rush_att * scale);
      const rec = Math.round(base.rec * scale);
      out.push({
        player_id: player.id,
        season: options.season,
        week,
        simulated: true,
        pass_cmp: cmp,
        pass_att: att,
        pass_yds: Math.round(cmp * (9 + rand() * 4)),
        pass_td: att > 0 ? poisson(rand, att / 20) : 0,
        pass_int: att > 0 ? poisson(rand, att / 40) : 0,
        rush_att: rushAtt,
        rush_yds: Math.round(rushAtt * (3 + rand() * 2.5)),
        rush_td: rushAtt > 0 ? poisson(rand, rushAtt / 25) : 0,
        rec,
        rec_yds: Math.round(rec * (8 + rand() * 6)),
        rec_td: rec > 0 ? poisson(rand, rec / 12) : 0,
        st_td: rand() < 0.003 ? 1 : 0,
        def_td: 0,
      });
    }
  }
  return out;
}
