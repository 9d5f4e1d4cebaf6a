import { z } from 'zod';
import { toPacificDate } from '../../../../core/calendar';
import type {
  BonusBox,
  BonusBoxLine,
  GameCellStatus,
  MlbLiveState,
  MlbPitchers,
  TeamGameCell,
} from '../../../../core/contracts/pools';
import {
  type MlbGameFacts,
  MlbGameFactsSchema,
  type NbaGameFacts,
  NbaGameFactsSchema,
} from '../../../../core/facts';
import type { GameRecord } from '../../../db/schema';
import type { WeekGameWithFacts } from './scoreboard.repo';

/** The cell status of a stored game: not started, live, final or postponed. */
export function toCellStatus(game: GameRecord): GameCellStatus {
  if (game.postponed || game.status === 'postponed') return 'postponed';
  if (game.final || game.status === 'final') return 'final';
  if (game.status === 'in_progress') return 'started';
  return 'inactive';
}

/** 'vs. XXX' when the team is at home, '@ XXX' away. */
export function describeMatchup(game: Pick<GameRecord, 'home' | 'away'>, teamAbb: string): string {
  return game.home === teamAbb ? `vs. ${game.away}` : `@ ${game.home}`;
}

// Live counts and decisions are not part of the core MLB facts; some feeds store them beside the facts.
const LiveFactsSchema = z.object({
  live: z
    .object({
      inning: z.number().int().min(1).nullable().catch(null),
      half: z.enum(['top', 'bottom']).nullable().catch(null),
      balls: z.number().int().min(0).max(4).nullable().catch(null),
      strikes: z.number().int().min(0).max(3).nullable().catch(null),
      outs: z.number().int().min(0).max(3).nullable().catch(null),
    })
    .partial(),
});
const PitcherFactsSchema = z.object({
  pitchers: z
    .object({
      win: z.string().nullable().catch(null),
      loss: z.string().nullable().catch(null),
      save: z.string().nullable().catch(null),
    })
    .partial(),
});

function readLive(facts: Record<string, unknown> | null): MlbLiveState | null {
  const parsed = LiveFactsSchema.safeParse(facts);
  if (!parsed.success) return null;
  const live = parsed.data.live;
  return {
    inning: live.inning ?? null,
    half: live.half ?? null,
    balls: live.balls ?? null,
    strikes: live.strikes ?? null,
    outs: live.outs ?? null,
  };
}

function readPitchers(facts: Record<string, unknown> | null): MlbPitchers | null {
  const parsed = PitcherFactsSchema.safeParse(facts);
  if (!parsed.success) return null;
  const { win, loss, save } = parsed.data.pitchers;
  if (!win && !loss && !save) return null;
  return { win: win ?? null, loss: loss ?? null, save: save ?? null };
}

/** The picked team's cell for one of its games of the week. */
export function toTeamGameCell(row: WeekGameWithFacts, game: string, teamAbb: string): TeamGameCell {
  const status = toCellStatus(row.game);
  const home = row.game.home === teamAbb;
  const started = status === 'started' || status === 'final';
  const teamScore = started ? (home ? row.game.homeScore : row.game.awayScore) : null;
  const oppScore = started ? (home ? row.game.awayScore : row.game.homeScore) : null;
  let result: TeamGameCell['result'] = null;
  if (status === 'final' && teamScore !== null && oppScore !== null) {
    result = teamScore > oppScore ? 'W' : teamScore < oppScore ? 'L' : 'T';
  }
  const mlb = game === 'mlb';
  return {
    gid: row.game.gid,
    day: toPacificDate(row.game.startTime),
    start: row.game.startTime.toISOString(),
    matchup: describeMatchup(row.game, teamAbb),
    status,
    team_score: teamScore,
    opp_score: oppScore,
    result,
    periods: started ? row.game.periods : null,
    live: mlb && status === 'started' ? readLive(row.facts) : null,
    pitchers: mlb && status === 'final' ? readPitchers(row.facts) : null,
    bonus_box: started ? buildBonusBox(game, row.facts) : null,
  };
}

/** What a started game's stored facts say about bonuses; null when no facts are stored yet. */
export function buildBonusBox(game: string, facts: Record<string, unknown> | null): BonusBox | null {
  if (!facts) return null;
  if (game === 'nba') {
    const parsed = NbaGameFactsSchema.safeParse(facts);
    return parsed.success
      ? { lines: nbaLines(parsed.data), simulated: parsed.data.simulated === true }
      : null;
  }
  if (game === 'mlb') {
    const parsed = MlbGameFactsSchema.safeParse(facts);
    return parsed.success ? { lines: mlbLines(parsed.data), simulated: false } : null;
  }
  return null;
}

type NbaStat = 'points' | 'rebounds' | 'assists' | 'steals' | 'blocks';

function nbaLines(facts: NbaGameFacts): BonusBoxLine[] {
  const lines: BonusBoxLine[] = [
    {
      label: 'Score',
      value: `${facts.away.team_abb} ${facts.away.score} @ ${facts.home.team_abb} ${facts.home.score}`,
    },
  ];
  if (facts.periods > 4) lines.push({ label: 'Overtimes', value: String(facts.periods - 4) });
  for (const [stat, label] of [
    ['points', 'Top scorer'],
    ['rebounds', 'Top rebounder'],
    ['assists', 'Most assists'],
  ] as [NbaStat, string][]) {
    const top = [...facts.players].sort((a, b) => b[stat] - a[stat])[0];
    if (top && top[stat] > 0) lines.push({ label, value: `${top.name} (${top.team_abb}) ${top[stat]}` });
  }
  for (const player of facts.players) {
    const tens = (['points', 'rebounds', 'assists', 'steals', 'blocks'] as NbaStat[]).filter(
      (stat) => player[stat] >= 10,
    );
    if (tens.length >= 3)
      lines.push({ label: 'Triple-double', value: `${player.name} (${player.team_abb})` });
    if (player.points >= 20 && player.rebounds >= 20) {
      lines.push({ label: '20-20', value: `${player.name} ${player.points} PTS ${player.rebounds} REB` });
    }
  }
  for (const run of facts.longest_runs) {
    if (run.points > 0) lines.push({ label: `Longest run (${run.team_abb})`, value: `${run.points}-0` });
  }
  const shot = facts.deciding_shot;
  if (shot?.made && shot.decided_game && shot.seconds_remaining <= 1) {
    lines.push({ label: 'Buzzer-beater', value: `${shot.player ?? shot.team_abb} (${shot.team_abb})` });
  }
  return lines;
}

function mlbLines(facts: MlbGameFacts): BonusBoxLine[] {
  const { home, away } = facts;
  const lines: BonusBoxLine[] = [
    { label: 'Runs', value: `${away.team_abb} ${away.runs} · ${home.team_abb} ${home.runs}` },
    { label: 'Hits', value: `${away.team_abb} ${away.hits} · ${home.team_abb} ${home.hits}` },
  ];
  if (facts.innings > 0) lines.push({ label: 'Innings', value: String(facts.innings) });
  const homers = facts.plays.filter((play) => play.event === 'home_run');
  if (homers.length > 0) {
    lines.push({
      label: 'Home runs',
      value: homers
        .map((play) => {
          const slam = play.runners_on_base === 3 ? ', grand slam' : '';
          return `${play.batter} (${play.batter_team_abb}${slam})`;
        })
        .join(', '),
    });
  }
  const beaned = facts.plays.filter((play) => play.event === 'hit_by_pitch');
  if (beaned.length > 0) {
    lines.push({
      label: 'Hit by pitch',
      value: beaned.map((play) => `${play.batter} (${play.batter_team_abb})`).join(', '),
    });
  }
  for (const batter of facts.batters) {
    if (batter.singles > 0 && batter.doubles > 0 && batter.triples > 0 && batter.home_runs > 0) {
      lines.push({ label: 'Cycle', value: `${batter.batter} (${batter.team_abb})` });
    }
  }
  for (const [side, other] of [
    [home, away],
    [away, home],
  ]) {
    if (other.hits === 0 && facts.innings >= 5) {
      lines.push({
        label: other.baserunners === 0 ? 'Perfect game bid' : 'No-hit bid',
        value: `${side.team_abb} pitching`,
      });
    }
  }
  return lines;
}
