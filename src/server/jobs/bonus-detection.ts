import { parseArgs } from 'node:util';
import { type DetectedBonus, detectSeasonBonuses, REPLAYED_BONUS_SEASONS } from '../sports/bonus-detection';

/** What the command prints and its exit code. */
export interface BonusCommandResult {
  code: number;
  lines: string[];
  errors: string[];
}

const USAGE = `Usage: npm run bonuses -- --game mlb|nba --season <year> [--json]
Seasons bundled: ${REPLAYED_BONUS_SEASONS.map((s) => `${s.game} ${s.sourceSeason}${s.season !== s.sourceSeason ? ` (replayed as ${s.season})` : ''}`).join(', ')}.`;

/**
 * `npm run bonuses -- --game mlb --season 2023 [--json]`: the bonus events detection finds in a
 * bundled replayed season, one JSON line each with --json, otherwise a table.
 */
export function runBonusCommand(argv: readonly string[]): BonusCommandResult {
  let values: { game?: string; season?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        game: { type: 'string' },
        season: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    return { code: 2, lines: [], errors: [(error as Error).message, USAGE] };
  }
  if (values.help) return { code: 0, lines: USAGE.split('\n'), errors: [] };
  const season = Number(values.season);
  if (!values.game || !/^\d{4}$/.test(values.season ?? '')) {
    return { code: 2, lines: [], errors: ['Both --game and --season (a year) are needed.', USAGE] };
  }
  const events = detectSeasonBonuses(values.game, season);
  if (!events) {
    return {
      code: 1,
      lines: [],
      errors: [`No bundled replay for ${values.game} ${values.season}.`, USAGE],
    };
  }
  return {
    code: 0,
    lines: values.json ? events.map((e) => JSON.stringify(toJsonLine(e))) : formatTable(events),
    errors: [],
  };
}

/** One printed JSON line: the event and what a reader needs to find it. */
export function toJsonLine(event: DetectedBonus) {
  return {
    key: event.key,
    week: event.week,
    date: event.date,
    gid: event.gid,
    game_summary: event.game_summary,
    team: event.team_abb,
    bonus_id: event.bonus_id,
    bonus_name: event.bonus_name,
    bonus_long_name: event.bonus_long_name,
    player: event.player,
    desc: event.desc,
  };
}

function formatTable(events: readonly DetectedBonus[]): string[] {
  const header = ['WEEK', 'DATE', 'GAME', 'TEAM', 'BONUS', 'PLAYER', 'DETAILS'];
  const rows = events.map((e) => [
    String(e.week),
    e.date,
    e.game_summary ?? '(week)',
    e.team_abb,
    `${e.bonus_id} ${e.bonus_name}`,
    e.player ?? '',
    e.desc,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.bonus_name, (counts.get(e.bonus_name) ?? 0) + 1);
  const summary = [...counts].map(([name, n]) => `${name} ${n}`).join(', ');
  return [line(header), ...rows.map(line), '', `${events.length} bonus events: ${summary || 'none'}`];
}
