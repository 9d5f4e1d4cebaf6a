import { z } from 'zod';

// The season's end (spec 4, part 2): after each week is judged, a pool with an end rule may be decided.
// The verdict is taken on counts alone, so the server can reach it with three SQL counts on a pool of any
// size and then apply it set-based; `npm run simulate` takes the same verdict on its entries in memory.

/** What happens when every entry still in goes out in the same week. */
export const WipeoutSchema = z.enum(['split', 'revive']);
export type Wipeout = z.infer<typeof WipeoutSchema>;

/** Who crowns the champions once the end rule has decided the pool. */
export const CrowningSchema = z.enum(['automatic', 'commissioner']);
export type Crowning = z.infer<typeof CrowningSchema>;

export const EndRuleSchema = z.object({ wipeout: WipeoutSchema.default('split') });
export type EndRule = z.infer<typeof EndRuleSchema>;

/** Where the entries of a pool stand once a week has been judged. */
export interface WeekEndCounts {
  /** Entries alive or waiting for a rebuy after the week. */
  stillIn: number;
  /** Entries eliminated this week by the week's result (a loss or no pick at 0 lives). */
  outByResult: number;
  /** Entries eliminated at this week's lock for want of a rebuy. */
  outAtLock: number;
  /** The week judged is the pool's last. */
  lastWeek: boolean;
}

/** Which entries a verdict names. */
export type EndGroup =
  /** The one entry still in, or every entry still in at the season's end. */
  | 'still-in'
  /** The entries the week's result eliminated. */
  | 'out-by-result'
  /** The entries eliminated at the week's lock (no one was eliminated by its result). */
  | 'out-at-lock';

export type EndVerdict =
  | { kind: 'play-on' }
  | { kind: 'last-survivor'; champions: 'still-in' }
  | { kind: 'wipeout-split'; champions: Exclude<EndGroup, 'still-in'> }
  | { kind: 'wipeout-revive'; revived: Exclude<EndGroup, 'still-in'> }
  | { kind: 'season-end'; champions: 'still-in' };

/** The verdict of the end rule after one week is judged. */
export function decideEnd(rule: EndRule, counts: WeekEndCounts): EndVerdict {
  if (counts.stillIn === 1) return { kind: 'last-survivor', champions: 'still-in' };
  if (counts.stillIn === 0) {
    const group = counts.outByResult > 0 ? 'out-by-result' : counts.outAtLock > 0 ? 'out-at-lock' : null;
    // A pool with no one left to name (no entries at all) is not decided.
    if (group === null) return { kind: 'play-on' };
    // Reviving in the last week would leave survivors with no week to play: it is a split.
    if (rule.wipeout === 'revive' && !counts.lastWeek) return { kind: 'wipeout-revive', revived: group };
    return { kind: 'wipeout-split', champions: group };
  }
  if (counts.lastWeek) return { kind: 'season-end', champions: 'still-in' };
  return { kind: 'play-on' };
}

/** Whether the verdict ends the pool (a revive plays on). */
export function isDecided(verdict: EndVerdict): boolean {
  return verdict.kind !== 'play-on' && verdict.kind !== 'wipeout-revive';
}

/** The verdict's reason in words, for the pool's news and audit log ("last survivor after week 9"). */
export function describeEnd(verdict: EndVerdict, week: number, named: number): string {
  const entries = `${named.toLocaleString('en-US')} ${named === 1 ? 'entry' : 'entries'}`;
  switch (verdict.kind) {
    case 'play-on':
      return `no end after week ${week}`;
    case 'last-survivor':
      return `last survivor after week ${week}`;
    case 'wipeout-split':
      return `wipeout in week ${week}: split between ${entries}`;
    case 'wipeout-revive':
      return `wipeout in week ${week}: ${entries} come back with 1 life`;
    case 'season-end':
      return `season end after week ${week}: split between ${entries}`;
  }
}

/** What happens if every entry still in loses this week, in words (Home's pool details). */
export function describeWipeout(rule: EndRule, lastWeek: boolean): string {
  if (rule.wipeout === 'revive' && !lastWeek) return 'they all come back with 1 life';
  return 'they split the prize';
}
