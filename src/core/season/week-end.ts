import { decideEnd, type EndGroup, type EndRule, type EndVerdict, isDecided } from './end-rule';
import type { WeekEntryOutcome } from './settle-week';

// The end rule applied to a judged week's outcomes, as the server's settlement has them: one outcome per
// entry, entries alike sharing one object. Counting and reviving go by outcome object, so a million
// entries alike cost one revived state, not a million.

/** The end rule's verdict on a judged week, with the outcomes to store (revived ones with 1 life). */
export interface WeekEnd {
  verdict: EndVerdict;
  /** Whether the verdict ends the pool (champions named). */
  decided: boolean;
  /** The group of entries the verdict names (champions, or the revived), null for play-on. */
  group: EndGroup | null;
  /** How many entries the group holds. */
  named: number;
  /** The outcomes to store: the input's, with a revived group's entries alive again with 1 life. */
  outcomes: WeekEntryOutcome[];
}

/** Where an entry's outcome of the week puts it for the end rule (null: it did not play the week). */
export function endGroupOfOutcome(outcome: WeekEntryOutcome): EndGroup | null {
  if (!outcome.played) return null;
  if (outcome.state.status !== 'eliminated') return 'still-in';
  return outcome.result === 'no-rebuy' ? 'out-at-lock' : 'out-by-result';
}

/** Takes the end rule's verdict on a judged week's outcomes; a revive brings its group back with 1 life. */
export function judgeWeekEnd(
  rule: EndRule,
  outcomes: readonly WeekEntryOutcome[],
  lastWeek: boolean,
): WeekEnd {
  const counts: Record<EndGroup, number> = { 'still-in': 0, 'out-by-result': 0, 'out-at-lock': 0 };
  for (const outcome of outcomes) {
    const group = endGroupOfOutcome(outcome);
    if (group) counts[group]++;
  }
  const verdict = decideEnd(rule, {
    stillIn: counts['still-in'],
    outByResult: counts['out-by-result'],
    outAtLock: counts['out-at-lock'],
    lastWeek,
  });
  const group =
    verdict.kind === 'play-on'
      ? null
      : verdict.kind === 'wipeout-revive'
        ? verdict.revived
        : verdict.champions;
  const named = group === null ? 0 : counts[group];
  if (verdict.kind !== 'wipeout-revive') {
    return { verdict, decided: isDecided(verdict), group, named, outcomes: [...outcomes] };
  }
  const revived = new Map<WeekEntryOutcome, WeekEntryOutcome>();
  const next = outcomes.map((outcome) => {
    if (endGroupOfOutcome(outcome) !== verdict.revived) return outcome;
    let copy = revived.get(outcome);
    if (copy === undefined) {
      const { state } = outcome;
      copy = {
        ...outcome,
        state: { ...state, lives: 1, status: 'alive', weeksAlive: state.weeksAlive + 1 },
      };
      revived.set(outcome, copy);
    }
    return copy;
  });
  return { verdict, decided: false, group, named, outcomes: next };
}
