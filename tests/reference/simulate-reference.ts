// An independent reading of scenario-format.md, written from the spec text (and the draw described in
// docs/RULES.md) without importing src/core. It favours one plain loop over clean structure on purpose: it
// exists to disagree with the engine when either of them misreads the contract.

type Json = Record<string, unknown>;

export type ReferenceOutcome =
  | { ok: true; report: Json }
  | { ok: false; entry: string | null; week: number | null; rule: string };

class Broken {
  constructor(
    readonly entry: string | null,
    readonly week: number | null,
    readonly rule: string,
  ) {}
}

function num(v: unknown, fallback: number): number {
  return v === undefined ? fallback : (v as number);
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays an already well-formed scenario object (the generators only make well-formed ones). */
export function simulateReference(scenario: Json): ReferenceOutcome {
  try {
    return { ok: true, report: play(scenario) };
  } catch (e) {
    if (e instanceof Broken) return { ok: false, entry: e.entry, week: e.week, rule: e.rule };
    throw e;
  }
}

function play(s: Json): Json {
  const pool = s.pool as Json;
  const game = pool.game as string;
  const rebuys = num(pool.rebuys, 0);
  const moonOn = game === 'mlb' && pool.shoot_moon === true;
  const insOpt = game === 'nfl-td' ? 0 : num(pool.insurance_option, 0);
  const passTds = num(pool.nfl_pass_tds, 2);
  const perWeek = num(pool.players_per_week, 1);
  const perTeam = num(pool.max_players_per_team, 1);
  // Classic NFL: k teams in the pool's multi-pick weeks, ties by the pool's rule, auto-pick of favourites.
  const askedIn = (wk: number): number =>
    (pool.picks_per_week as Record<string, number> | undefined)?.[String(wk)] ?? 1;
  const tiesWin = pool.tie_rule === 'win';
  const autoPick = pool.auto_pick === true;
  const players = new Map<string, string>();
  for (const p of (s.players as Json[] | undefined) ?? []) players.set(p.id as string, p.team as string);
  const weeks = [...(s.weeks as Json[])].sort((a, b) => (a.week as number) - (b.week as number));
  const weekByNo = new Map(weeks.map((w) => [w.week as number, w]));
  const entries = s.entries as Json[];

  // Static checks over every pick in the file.
  for (const e of entries) {
    const picks = (e.picks as Record<string, unknown>) ?? {};
    const seen = new Map<string, number>();
    for (const k of Object.keys(picks).sort((a, b) => Number(a) - Number(b))) {
      const wk = Number(k);
      const w = weekByNo.get(wk);
      const fail = (rule: string) => new Broken(e.id as string, wk, rule);
      if (!w) throw fail('unknown-week');
      const p = picks[k];
      if (game === 'nfl') {
        const list = typeof p === 'string' ? [p] : (p as string[]);
        if (list.length > askedIn(wk)) throw fail('too-many-picks');
        for (const t of list) {
          if (!Object.hasOwn(w.teams as Json, t)) throw fail('team-not-in-week');
          if (seen.has(t)) throw fail('team-used-twice');
          seen.set(t, wk);
        }
      } else if (game !== 'nfl-td') {
        if (!Object.hasOwn(w.teams as Json, p as string)) throw fail('team-not-in-week');
        if (seen.has(p as string)) throw fail('team-used-twice');
        seen.set(p as string, wk);
      } else {
        const ids = p as string[];
        for (const id of ids) if (!players.has(id)) throw fail('unknown-player');
        if (ids.length > perWeek) throw fail('too-many-players');
        const teams = new Map<string, number>();
        for (const id of ids) {
          if (seen.has(id)) throw fail('player-used-twice');
          seen.set(id, wk);
          const t = players.get(id) ?? '';
          const onTeam = (teams.get(t) ?? 0) + 1;
          teams.set(t, onTeam);
          if (onTeam > perTeam) throw fail('too-many-from-team');
        }
      }
    }
  }

  const st = entries.map(() => ({
    lives: rebuys + 1,
    bought: 0,
    status: 'alive',
    alive: 0,
    used: [] as string[],
    weeks: [] as Json[],
    net: 0,
  }));

  const endRule = pool.end_rule as Json | undefined;
  let champions: number[] = [];
  let decidedWeek: number | null = null;
  for (const [wi, w] of weeks.entries()) {
    const wk = w.week as number;
    const key = String(wk);
    const teams = (w.teams as Record<string, [number, number]>) ?? {};
    const stats = (w.stats as Record<string, Record<string, number>>) ?? {};
    const rand = mulberry32(((s.seed as number | undefined) ?? 0) ^ Math.imul(wk, 0x9e3779b1));
    const ownPick = (i: number): unknown => {
      const p = (entries[i].picks as Record<string, unknown> | undefined)?.[key];
      if (p === undefined || (Array.isArray(p) && p.length === 0)) return null;
      return p;
    };

    // Step 1 for everyone first: "playing that week" is decided at the lock.
    const playing: number[] = [];
    entries.forEach((e, i) => {
      const x = st[i];
      if (x.status === 'eliminated') return;
      if (x.status === 'needs-rebuy') {
        if (((e.rebuy_before_weeks as number[]) ?? []).includes(wk)) {
          x.bought++;
          x.status = 'alive';
        } else {
          x.status = 'eliminated';
          x.lives = 0;
          x.weeks.push({ week: wk, pick: null, result: 'no-rebuy', lives: 0, status: 'eliminated' });
          return;
        }
      }
      playing.push(i);
    });

    const judged = new Map<number, string | null>();
    for (const i of playing) {
      const e = entries[i];
      const x = st[i];
      let pick = ownPick(i);
      let assigned = false;
      const k = askedIn(wk);
      if (game === 'nfl' && pick === null) {
        let got: string[] = [];
        if (e.insured === true && insOpt === 1) {
          const counts: Record<string, number> = {};
          for (const j of playing) {
            if (j === i) continue;
            const p = ownPick(j);
            if (p === null) continue;
            for (const t of typeof p === 'string' ? [p] : (p as string[])) counts[t] = (counts[t] ?? 0) + 1;
          }
          got = Object.keys(counts)
            .filter((t) => !x.used.includes(t))
            .sort((a, b) => counts[b] - counts[a] || (a < b ? -1 : a > b ? 1 : 0))
            .slice(0, k);
        } else if (e.insured === true && insOpt === 2) {
          for (let n = 0; n < k; n++) {
            const free = Object.keys(teams)
              .filter((t) => !x.used.includes(t) && !got.includes(t))
              .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
            if (free.length === 0) break;
            got.push(free[Math.floor(rand() * free.length)]);
          }
        }
        if (got.length === 0 && autoPick) {
          const odds = (w.odds as Record<string, number> | undefined) ?? {};
          got = Object.keys(odds)
            .filter((t) => Object.hasOwn(teams, t) && !x.used.includes(t))
            .sort((a, b) => odds[b] - odds[a] || (a < b ? -1 : a > b ? 1 : 0))
            .slice(0, k);
        }
        if (got.length > 0) {
          pick = k > 1 ? got : got[0];
          assigned = true;
        }
      } else if (pick !== null) {
        const ids = typeof pick === 'string' ? [pick] : (pick as string[]);
        if (ids.some((id) => x.used.includes(id))) {
          throw new Broken(e.id as string, wk, game === 'nfl-td' ? 'player-used-twice' : 'team-used-twice');
        }
      } else if (e.insured === true && insOpt === 1) {
        const counts: Record<string, number> = {};
        for (const j of playing) {
          if (j === i) continue;
          const p = ownPick(j);
          if (typeof p === 'string') counts[p] = (counts[p] ?? 0) + 1;
        }
        let best: string | null = null;
        for (const t of Object.keys(counts)) {
          if (x.used.includes(t)) continue;
          if (best === null || counts[t] > counts[best] || (counts[t] === counts[best] && t < best)) best = t;
        }
        if (best !== null) {
          pick = best;
          assigned = true;
        }
      } else if (e.insured === true && insOpt === 2) {
        const free = Object.keys(teams)
          .filter((t) => !x.used.includes(t))
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (free.length > 0) {
          pick = free[Math.floor(rand() * free.length)];
          assigned = true;
        }
      }

      let result: string;
      if (pick === null) result = 'no-pick';
      else if (game === 'nfl') {
        const list = typeof pick === 'string' ? [pick] : (pick as string[]);
        const advances = (t: string): boolean => {
          const [wins, losses, ties = 0] = teams[t] as number[];
          if (wins !== losses) return wins > losses;
          return ties > 0 ? tiesWin : true;
        };
        result = list.length >= k && list.every(advances) ? 'advance' : 'loss';
      } else if (typeof pick === 'string') {
        const [wins, losses] = teams[pick];
        if (moonOn && wins === 0 && losses >= 6) result = 'moon';
        else result = wins >= losses ? 'advance' : 'loss';
      } else {
        const ok = (pick as string[]).some((id) => {
          const l = stats[id] ?? {};
          const other = (l.rush_td ?? 0) + (l.rec_td ?? 0) + (l.st_td ?? 0) + (l.def_td ?? 0);
          return other >= 1 || (passTds > 0 && (l.pass_td ?? 0) >= passTds);
        });
        result = ok ? 'advance' : 'loss';
      }

      if (result === 'moon') x.lives++;
      if (result === 'loss' || result === 'no-pick') {
        x.lives--;
        if (x.lives === 0) x.status = 'eliminated';
        else if (x.bought < rebuys) {
          if (e.auto_rebuy === true) x.bought++;
          else x.status = 'needs-rebuy';
        }
      }
      if (x.status !== 'eliminated') x.alive++;
      if (pick !== null) x.used.push(...(typeof pick === 'string' ? [pick] : (pick as string[])));
      judged.set(i, typeof pick === 'string' ? pick : null);
      const row: Json = {
        week: wk,
        pick: pick === null ? null : typeof pick === 'string' ? pick : [...(pick as string[])],
      };
      if (assigned) row.assigned = true;
      Object.assign(row, { result, lives: x.lives, status: x.status });
      x.weeks.push(row);
    }

    if (game !== 'nfl-td' && game !== 'nfl') {
      const members = playing.filter((i) => ((entries[i].bonus_weeks as number[]) ?? []).includes(wk));
      for (const ev of (w.bonus_events as Json[] | undefined) ?? []) {
        const winners = members.filter((i) => judged.get(i) === ev.team);
        const payers = members.filter((i) => judged.get(i) !== ev.team);
        if (winners.length === 0 || payers.length === 0) continue;
        const total = (ev.prize as number) * winners.length;
        for (const i of winners) st[i].net += ev.prize as number;
        payers.forEach((i, k) => {
          st[i].net -= Math.floor(total / payers.length) + (k < total % payers.length ? 1 : 0);
        });
      }
    }

    if (endRule) {
      const last = wi === weeks.length - 1;
      const stillIn = st.flatMap((x, i) => (x.status === 'eliminated' ? [] : [i]));
      const outThisWeek = (results: string[]) =>
        st.flatMap((x, i) => {
          const row = x.weeks[x.weeks.length - 1];
          return x.status === 'eliminated' && row?.week === wk && results.includes(row.result as string)
            ? [i]
            : [];
        });
      if (stillIn.length === 1 || (last && stillIn.length > 1)) {
        champions = stillIn;
        decidedWeek = wk;
        break;
      }
      if (stillIn.length === 0) {
        let wiped = outThisWeek(['loss', 'no-pick']);
        if (wiped.length === 0) wiped = outThisWeek(['no-rebuy']);
        if (wiped.length > 0) {
          if ((endRule.wipeout ?? 'split') === 'revive' && !last) {
            for (const i of wiped) {
              const x = st[i];
              x.lives = 1;
              x.status = 'alive';
              x.alive++;
              Object.assign(x.weeks[x.weeks.length - 1], { lives: 1, status: 'alive', revived: true });
            }
          } else {
            champions = wiped;
            decidedWeek = wk;
            break;
          }
        }
      }
    }
  }

  const insured = entries.filter((e) => e.insured === true).length;
  const allRebuys = st.reduce((a, x) => a + x.bought, 0);
  const gross =
    num(pool.buyin, 0) * entries.length +
    num(pool.insurance, 0) * insured +
    num(pool.rebuy_price, 0) * allRebuys;
  return {
    entries: entries.map((e, i) => {
      const x = st[i];
      return {
        id: e.id,
        weeks: x.weeks,
        lives: x.lives,
        rebuys: x.bought,
        status: x.status,
        weeks_alive: x.alive,
        bonus_net: x.net,
      };
    }),
    prize_pool: keepAfterCut(gross, num(pool.ala_pct, 0)),
    ...(endRule ? { champions: champions.map((i) => entries[i].id), decided_week: decidedWeek } : {}),
  };
}

// Cents kept after the platform's cut, exact on the cut as written in decimal (0.07 = 7/100), halves up.
function keepAfterCut(gross: number, cut: number): number {
  const places = (String(cut).split('.')[1] ?? '').length;
  const scale = 10 ** places;
  const kept = gross * (scale - Math.round(cut * scale));
  return Math.floor((2 * kept + scale) / (2 * scale));
}
