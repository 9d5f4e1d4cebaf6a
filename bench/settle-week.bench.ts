// Settles one NBA week for 1,000,000 entries in memory and prints the throughput (target: under 2 s, one core).
// npm runs it with a larger young generation (--max-semi-space-size=64): a million short-lived outcome objects
// overflow V8's default one, and the promotions cost three to four times the settling itself.
import {
  createRandom,
  settleWeek,
  startEntry,
  type TeamRecord,
  type WeekEntryInput,
} from '../src/core/season';

const ENTRIES = 1_000_000;
const TEAMS = Array.from({ length: 30 }, (_, i) => `T${String(i).padStart(2, '0')}`);

function buildEntries(): WeekEntryInput[] {
  const random = createRandom(2024);
  return Array.from({ length: ENTRIES }, (_, i) => {
    const used = [TEAMS[(i + 1) % 30], TEAMS[(i + 2) % 30], TEAMS[(i + 3) % 30]];
    const state = startEntry(2);
    const waiting = random() < 0.05;
    return {
      id: `e${i}`,
      state: waiting ? { ...state, lives: 2, status: 'needs-rebuy' } : state,
      autoRebuy: random() < 0.3,
      insured: random() < 0.2,
      // One in ten missed the pick, so insurance option 1 has work to do.
      pick: random() < 0.1 ? null : TEAMS[(i * 7 + 5) % 30],
      used,
      rebuyBeforeLock: random() < 0.5,
      inBonusPool: random() < 0.5,
    };
  });
}

const teams: Record<string, TeamRecord> = Object.fromEntries(TEAMS.map((t, i) => [t, [i % 4, (i + 1) % 4]]));
const entries = buildEntries();

const rules = { game: 'nba', rebuys: 2, shootMoon: false, insuranceOption: 1, nflPassTds: 2 } as const;
const facts = {
  week: 4,
  teams,
  stats: {},
  bonusEvents: [
    { team: 'T05', prize: 5000 },
    { team: 'T12', prize: 2500 },
  ],
};

function timeSettle(list: WeekEntryInput[]): { seconds: number; eliminated: number } {
  const started = performance.now();
  const out = settleWeek({ rules, facts, entries: list });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, eliminated: out.entries.filter((e) => e.state.status === 'eliminated').length };
}

// A server settles weeks in a warm process, so let the JIT see the code once on a small week first.
timeSettle(entries.slice(0, 10_000));
const runs = [timeSettle(entries), timeSettle(entries), timeSettle(entries)];
const times = runs.map((run) => run.seconds).sort((a, b) => a - b);
const median = times[1];

console.log(
  `settleWeek, ${ENTRIES.toLocaleString('en-US')} entries, 3 runs: ${runs.map((r) => `${r.seconds.toFixed(3)} s`).join(', ')}`,
);
console.log(
  `median ${median.toFixed(3)} s = ${Math.round(ENTRIES / median).toLocaleString('en-US')} entries/s`,
);
console.log(
  `(eliminated this week: ${runs[0].eliminated.toLocaleString('en-US')}; target under 2 s on one core)`,
);
