import type { z } from 'zod';
import { must } from '../must';
import { picksAskedIn, teamsOf } from './nfl-team';
import { type Scenario, ScenarioSchema } from './scenario.schema';

/** The rule a scenario breaks. */
export type ScenarioRule =
  | 'malformed'
  | 'unknown-week'
  | 'team-not-in-week'
  | 'team-used-twice'
  | 'unknown-player'
  | 'player-used-twice'
  | 'too-many-players'
  | 'too-many-from-team'
  | 'too-many-picks';

/** A scenario that breaks a rule; `message` is the one line the simulate command prints. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';

  constructor(
    readonly rule: ScenarioRule,
    readonly entry: string | null,
    readonly week: number | null,
    readonly detail: string,
  ) {
    super(`entry ${entry ?? '-'}, week ${week ?? '-'}: ${rule}: ${detail}`.replace(/[\r\n]+/g, ' '));
  }
}

/** Parses JSON text into a scenario, or throws a malformed ScenarioError. */
export function parseScenarioText(text: string): Scenario {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ScenarioError('malformed', null, null, `not JSON (${(error as Error).message})`);
  }
  return parseScenario(raw);
}

/** Checks a decoded JSON value against the scenario contract (unknown fields ignored), or throws malformed. */
export function parseScenario(raw: unknown): Scenario {
  const parsed = ScenarioSchema.safeParse(raw);
  if (!parsed.success) throw malformedFromIssue(raw, parsed.error.issues[0]);
  const scenario = parsed.data;

  const weekNumbers = new Set<number>();
  for (const week of scenario.weeks) {
    if (weekNumbers.has(week.week))
      throw new ScenarioError('malformed', null, week.week, 'week listed twice');
    weekNumbers.add(week.week);
  }
  const entryIds = new Set<string>();
  for (const entry of scenario.entries) {
    if (entryIds.has(entry.id)) throw new ScenarioError('malformed', entry.id, null, 'entry id listed twice');
    entryIds.add(entry.id);
  }
  return { ...scenario, weeks: [...scenario.weeks].sort((a, b) => a.week - b.week) };
}

/** Checks every pick in the file against the season's rules; throws the first violation (entries, then weeks, in order). */
export function assertValidScenario(scenario: Scenario): void {
  const weeks = new Map(scenario.weeks.map((week) => [week.week, week]));
  const players = new Map(scenario.players.map((player) => [player.id, player]));
  const isNflTd = scenario.pool.game === 'nfl-td';

  for (const entry of scenario.entries) {
    const usedIn = new Map<string, number>();
    const pickWeeks = Object.keys(entry.picks)
      .map(Number)
      .sort((a, b) => a - b);
    for (const weekNumber of pickWeeks) {
      const pick = entry.picks[String(weekNumber)];
      const week = weeks.get(weekNumber);
      const fail = (rule: ScenarioRule, detail: string) =>
        new ScenarioError(rule, entry.id, weekNumber, detail);
      if (!week) throw fail('unknown-week', `week ${weekNumber} is not in the scenario`);

      if (scenario.pool.game === 'nfl') {
        const asked = picksAskedIn(scenario.pool.picks_per_week, weekNumber);
        const teams = teamsOf(pick);
        if (teams.length > asked) {
          throw fail('too-many-picks', `${teams.length} teams picked, week ${weekNumber} asks for ${asked}`);
        }
        for (const team of teams) {
          if (!Object.hasOwn(week.teams, team))
            throw fail('team-not-in-week', `${team} has no game this week (a bye)`);
          const earlier = usedIn.get(team);
          if (earlier !== undefined) {
            const where = earlier === weekNumber ? 'this week' : `week ${earlier}`;
            throw fail('team-used-twice', `${team} was already picked in ${where}`);
          }
          usedIn.set(team, weekNumber);
        }
        continue;
      }

      if (!isNflTd) {
        if (typeof pick !== 'string') throw fail('malformed', 'an nba/mlb pick is one team code');
        if (!Object.hasOwn(week.teams, pick))
          throw fail('team-not-in-week', `${pick} has no entry in this week's teams`);
        const earlier = usedIn.get(pick);
        if (earlier !== undefined)
          throw fail('team-used-twice', `${pick} was already picked in week ${earlier}`);
        usedIn.set(pick, weekNumber);
        continue;
      }

      if (!Array.isArray(pick)) throw fail('malformed', 'an nfl-td pick is a list of player ids');
      const unknown = pick.find((id) => !players.has(id));
      if (unknown !== undefined) throw fail('unknown-player', `${unknown} is not in players`);
      if (pick.length > scenario.pool.players_per_week) {
        throw fail(
          'too-many-players',
          `${pick.length} players picked, players_per_week is ${scenario.pool.players_per_week}`,
        );
      }
      const perTeam = new Map<string, number>();
      for (const id of pick) {
        const earlier = usedIn.get(id);
        if (earlier !== undefined) {
          const where = earlier === weekNumber ? 'this week' : `week ${earlier}`;
          throw fail('player-used-twice', `${id} was already picked in ${where}`);
        }
        usedIn.set(id, weekNumber);
        // Known: unknown players were refused above.
        const team = must(players.get(id), `player ${id}`).team;
        const onTeam = (perTeam.get(team) ?? 0) + 1;
        if (onTeam > scenario.pool.max_players_per_team) {
          throw fail(
            'too-many-from-team',
            `${onTeam} players of ${team}, max_players_per_team is ${scenario.pool.max_players_per_team}`,
          );
        }
        perTeam.set(team, onTeam);
      }
    }
  }
}

function malformedFromIssue(raw: unknown, issue: z.core.$ZodIssue): ScenarioError {
  const path = issue.path;
  const where = path.length > 0 ? path.map(String).join('.') : 'file';
  let entry: string | null = null;
  let week: number | null = null;
  if (path[0] === 'entries' && typeof path[1] === 'number') {
    const id = readPath(raw, ['entries', path[1], 'id']);
    entry = typeof id === 'string' && id !== '' ? id : `#${path[1] + 1}`;
    if (path[2] === 'picks' && typeof path[3] === 'string' && /^[1-9][0-9]*$/.test(path[3]))
      week = Number(path[3]);
  }
  if (path[0] === 'weeks' && typeof path[1] === 'number') {
    const number = readPath(raw, ['weeks', path[1], 'week']);
    week = typeof number === 'number' && Number.isInteger(number) ? number : null;
  }
  return new ScenarioError('malformed', entry, week, `${where}: ${issue.message}`);
}

function readPath(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
