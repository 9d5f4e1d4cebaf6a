import { atPacificTime } from '../../../core/calendar';
import { addDays } from '../../../core/calendar/pacific-time';
import { deriveNflWeeks } from '../calendar';
import { emptyNflLine, type NflPlayerLine } from '../facts';
import type { GameRecord, NflPlayerRecord, NflWeekStatRecord } from '../model';
import { normalizeTeamAbb } from '../teams';
import { parseCsv } from './csv';
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
  const [header, ...records] = parseCsv(csv);
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
  const rows = records.filter((f) => Number(f[cSeason]) === season);
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

// A typical week's touches by position and depth rank (passes, rushes, catches), for players who
// did not play the recorded week: starters get the ball, the third tight end rarely does.
const TYPICAL_TOUCHES: Record<string, ReadonlyArray<[number, number, number]>> = {
  QB: [[33, 3, 0]],
  RB: [
    [0, 14, 3],
    [0, 6, 2],
    [0, 2, 1],
  ],
  WR: [
    [0, 0, 5],
    [0, 0, 4],
    [0, 0, 3],
    [0, 0, 2],
    [0, 0, 1],
  ],
  TE: [
    [0, 0, 4],
    [0, 0, 2],
    [0, 0, 1],
  ],
};

function typicalNflLine(player: NflPlayerRecord): NflPlayerLine | null {
  const touches = TYPICAL_TOUCHES[player.position]?.[(player.depthRank ?? 99) - 1];
  if (!touches) return null;
  const [passAtt, rushAtt, rec] = touches;
  return {
    ...emptyNflLine(player.id, player.name, player.teamAbb),
    pass_att: passAtt,
    rush_att: rushAtt,
    rec,
  };
}

/**
 * Week lines for the replay season: the recorded week is kept as recorded (simulated false); other
 * weeks are drawn from a seeded generator around each player's recorded usage (simulated true).
 * Players who did not play the recorded week (known
 * players and generated ones) get generated lines around a typical line for their position and
 * depth rank, in the other weeks only. Players whose team has no game that week get no line.
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
      const recordedLine = lineOf.get(player.id);
      if (recordedLine && week === options.recordedWeek) {
        const { name: _name, team_abb: _team, ...stats } = recordedLine;
        out.push({ ...stats, season: options.season, week, simulated: false });
        continue;
      }
      // Who did not play the recorded week gets lines around a typical one for his place in the depth chart.
      const base = recordedLine ?? typicalNflLine(player);
      if (!base || week === options.recordedWeek) continue;
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
