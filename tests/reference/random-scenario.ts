// Seeded random seasons for the reference comparison and the property tests: small team pools so that
// insurance ties, shared picks and bonus winners happen often, plus an occasional deliberate rule break.

type Json = Record<string, unknown>;
type Rand = () => number;

const NBA_TEAMS = ['ATL', 'BOS', 'CHI', 'DAL', 'DEN', 'LAL', 'MIA', 'NYK'];
const NFL_TEAMS = ['BUF', 'DAL', 'KC', 'SF'];
const NFL_CLUBS = ['BUF', 'CIN', 'DAL', 'KC', 'NE', 'PHI', 'PIT', 'SF', 'TEN', 'WSH'];

function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const oneOf = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)];
const chance = (r: Rand, p: number) => r() < p;
const subset = (r: Rand, items: readonly number[], p: number) => items.filter(() => chance(r, p));

/** Builds one random scenario of the given game (or a random one) from a seed; same seed, same scenario. */
export function randomScenario(seed: number, game?: 'nba' | 'mlb' | 'nfl-td' | 'nfl'): Json {
  if (game === 'nfl') return randomNflScenario(seed);
  const r = seeded(seed);
  const g = game ?? oneOf(r, ['nba', 'mlb', 'nfl-td'] as const);
  const weekCount = int(r, 1, 9);
  const weekNos = Array.from({ length: weekCount }, (_, i) => i + 1);
  const pool: Json = {
    game: g,
    buyin: oneOf(r, [0, 2500, 5000, 1001]),
    rebuys: int(r, 0, 3),
    rebuy_price: oneOf(r, [0, 2500, 999]),
    ala_pct: oneOf(r, [0, 0.05, 0.07, 0.1, 0.125, 0.15, 0.333]),
    shoot_moon: g === 'mlb' && chance(r, 0.7),
    insurance_option: g === 'nfl-td' ? 0 : int(r, 0, 2),
    insurance: oneOf(r, [0, 500, 1234]),
  };
  const scenario: Json = { pool, seed: int(r, -5, 1_000_000) };
  const entryCount = int(r, 1, 8);

  if (g === 'nfl-td') {
    const players = Array.from({ length: 14 }, (_, i) => ({
      id: `p${i + 1}`,
      team: NFL_TEAMS[i % NFL_TEAMS.length],
      position: oneOf(r, ['QB', 'RB', 'WR', 'TE']),
    }));
    Object.assign(pool, {
      players_per_week: int(r, 1, 3),
      max_players_per_team: int(r, 1, 2),
      nfl_pass_tds: int(r, 0, 5),
    });
    scenario.players = players;
    scenario.weeks = weekNos.map((week) => {
      const stats: Json = {};
      for (const p of players) {
        if (!chance(r, 0.6)) continue;
        const td = () => (chance(r, 0.15) ? int(r, 1, 2) : 0);
        stats[p.id] = {
          pass_td: chance(r, 0.4) ? int(r, 0, 5) : 0,
          rush_td: td(),
          rec_td: td(),
          st_td: 0,
          def_td: 0,
        };
        if (chance(r, 0.05)) (stats[p.id] as Json).st_td = 1;
      }
      return { week, stats };
    });
    scenario.entries = Array.from({ length: entryCount }, (_, e) => {
      const used = new Set<string>();
      const picks: Json = {};
      for (const week of weekNos) {
        if (chance(r, 0.15)) continue;
        const want = int(r, 1, pool.players_per_week as number);
        const perTeam = new Map<string, number>();
        const chosen: string[] = [];
        for (let tries = 0; tries < 20 && chosen.length < want; tries++) {
          const p = oneOf(r, players);
          if (used.has(p.id) || chosen.includes(p.id)) continue;
          if ((perTeam.get(p.team) ?? 0) >= (pool.max_players_per_team as number)) continue;
          perTeam.set(p.team, (perTeam.get(p.team) ?? 0) + 1);
          chosen.push(p.id);
        }
        for (const id of chosen) used.add(id);
        picks[String(week)] = chosen;
      }
      return entry(r, e, picks, weekNos);
    });
  } else {
    scenario.weeks = weekNos.map((week) => {
      const teams: Json = {};
      for (const team of NBA_TEAMS) {
        if (chance(r, 0.15)) continue;
        if (g === 'mlb' && chance(r, 0.12)) teams[team] = [0, int(r, 5, 7)];
        else if (chance(r, 0.08)) teams[team] = [0, 0];
        else teams[team] = [int(r, 0, 4), int(r, 0, 4)];
      }
      const teamCodes = Object.keys(teams);
      const bonus_events =
        teamCodes.length === 0
          ? []
          : Array.from({ length: int(r, 0, 2) }, () => ({
              team: oneOf(r, teamCodes),
              prize: oneOf(r, [0, 1000, 2500, 3333, 5000, 7]),
            }));
      return { week, teams, bonus_events };
    });
    scenario.entries = Array.from({ length: entryCount }, (_, e) => {
      const used = new Set<string>();
      const picks: Json = {};
      for (const w of scenario.weeks as Json[]) {
        const free = Object.keys(w.teams as Json).filter((t) => !used.has(t));
        if (free.length === 0 || chance(r, 0.2)) continue;
        const team = oneOf(r, free);
        used.add(team);
        picks[String(w.week)] = team;
      }
      return entry(r, e, picks, weekNos);
    });
  }
  if (chance(r, 0.08)) breakScenario(r, scenario);
  // Drawn last, so the seasons drawn before end rules existed stay the same seasons.
  const ending = int(r, 0, 2);
  if (ending > 0) pool.end_rule = { wipeout: ending === 1 ? 'split' : 'revive' };
  return scenario;
}

/**
 * A classic NFL season: byes, wins, losses, ties and games not played in their week; multi-pick weeks with
 * picks short of k, over k or given as one team; insurance and auto-pick by the week's odds.
 */
function randomNflScenario(seed: number): Json {
  const r = seeded(seed);
  const weekCount = int(r, 1, 9);
  const weekNos = Array.from({ length: weekCount }, (_, i) => i + 1);
  const picksPerWeek: Record<string, number> = {};
  for (const week of weekNos) if (chance(r, 0.25)) picksPerWeek[String(week)] = int(r, 2, 3);
  const pool: Json = {
    game: 'nfl',
    buyin: oneOf(r, [0, 2500, 1001]),
    rebuys: int(r, 0, 3),
    rebuy_price: oneOf(r, [0, 2500, 999]),
    ala_pct: oneOf(r, [0, 0.05, 0.125]),
    insurance_option: int(r, 0, 2),
    insurance: oneOf(r, [0, 500]),
    tie_rule: oneOf(r, ['loss', 'win']),
    picks_per_week: picksPerWeek,
    auto_pick: chance(r, 0.5),
  };
  const weeks = weekNos.map((week) => {
    const teams: Json = {};
    const odds: Json = {};
    for (const team of NFL_CLUBS) {
      if (chance(r, 0.15)) continue;
      const roll = r();
      teams[team] = roll < 0.45 ? [1, 0, 0] : roll < 0.85 ? [0, 1, 0] : roll < 0.93 ? [0, 0, 1] : [0, 0, 0];
      if (chance(r, 0.8)) odds[team] = oneOf(r, [0.2, 0.35, 0.5, 0.65, 0.8]);
    }
    return { week, teams, odds };
  });
  const entries = Array.from({ length: int(r, 1, 8) }, (_, e) => {
    const used = new Set<string>();
    const picks: Json = {};
    for (const w of weeks) {
      const k = picksPerWeek[String(w.week)] ?? 1;
      const free = Object.keys(w.teams).filter((t) => !used.has(t));
      if (free.length === 0 || chance(r, 0.2)) continue;
      const want = chance(r, 0.2) ? int(r, 0, k) : k;
      const chosen: string[] = [];
      for (let tries = 0; tries < 10 && chosen.length < want; tries++) {
        const team = oneOf(r, free);
        if (!chosen.includes(team)) chosen.push(team);
      }
      for (const team of chosen) used.add(team);
      picks[String(w.week)] = k === 1 && chosen.length === 1 && chance(r, 0.8) ? chosen[0] : chosen;
    }
    return entry(r, e, picks, weekNos);
  });
  const scenario: Json = { pool, seed: int(r, 0, 1_000_000), weeks, entries };
  if (chance(r, 0.1)) {
    const target = oneOf(r, entries);
    const picks = target.picks as Record<string, unknown>;
    const weekKeys = Object.keys(picks);
    const kind = int(r, 0, 2);
    if (kind === 0 && weekKeys.length >= 2) picks[weekKeys[1]] = picks[weekKeys[0]];
    else if (kind === 1) picks['1'] = 'XXX';
    else picks['1'] = ['BUF', 'CIN', 'DAL', 'KC'];
  }
  const ending = int(r, 0, 2);
  if (ending > 0) pool.end_rule = { wipeout: ending === 1 ? 'split' : 'revive' };
  return scenario;
}

function entry(r: Rand, index: number, picks: Json, weekNos: number[]): Json {
  return {
    id: `e${index + 1}`,
    auto_rebuy: chance(r, 0.4),
    insured: chance(r, 0.5),
    picks,
    rebuy_before_weeks: subset(r, weekNos, 0.4),
    bonus_weeks: subset(r, weekNos, 0.7),
  };
}

/** Breaks one rule on purpose so the error paths get compared too. */
function breakScenario(r: Rand, scenario: Json): void {
  const entries = scenario.entries as Json[];
  const target = oneOf(r, entries);
  const picks = target.picks as Record<string, unknown>;
  const weeks = Object.keys(picks);
  const isNfl = (scenario.pool as Json).game === 'nfl-td';
  const kind = int(r, 0, 2);
  if (kind === 0 && weeks.length >= 2) {
    picks[weeks[1]] = picks[weeks[0]];
  } else if (kind === 1) {
    picks[String((scenario.weeks as Json[]).length + 1)] = isNfl ? ['p1'] : 'BOS';
  } else {
    picks['1'] = isNfl ? ['nobody'] : 'XXX';
  }
}
