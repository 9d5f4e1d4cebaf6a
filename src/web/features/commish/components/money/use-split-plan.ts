import { useState } from 'react';
import type { PrizeSplitResponse } from '../../../../../core/contracts/pools';
import { parseShare, planPrizeSplit, planSplitTotals } from '../../../../../core/money';

/** Entries a page of the table shows; a pool with more is split by default shares and searched on the server. */
export const PAGE_SIZE = 50;

type Entrant = PrizeSplitResponse['entrants'][number];

/** What the modal confirms, fixed when it opens so it reads the same while it fades out after the split. */
export interface PendingSplit {
  percent: number;
  amount: number;
  remaining: number;
  /** The awards the modal lists (a big pool's: the shares edited, first 100). */
  awards: { id: string; label: string; amount: number }[];
  shares: { entryId: number; share: number }[];
  /** Every other active entry takes its default share (a pool bigger than a page). */
  others: boolean;
  /** How many entries the split awards. */
  count: number;
}

/** A share typed on some page of a big pool's table, with the entry's default share and label. */
interface EditedShare {
  value: string | number;
  defaultShare: number;
  label: string;
}

/**
 * The percentage and shares typed in Split Prizes, and the plan they make: the same plan the server makes,
 * for display (the server recomputes it from the database).
 */
export function useSplitPlan(data: PrizeSplitResponse) {
  const [percent, setPercent] = useState<string | number>(0);
  const [shares, setShares] = useState<Record<number, EditedShare>>({});
  const shareOf = (entryId: number, fallback: number) => shares[entryId]?.value ?? fallback;
  const setShare = (entrant: Entrant, value: string | number) =>
    setShares((all) => ({
      ...all,
      [entrant.entry_id]: { value, defaultShare: entrant.default_share, label: entrant.label },
    }));
  // A pool bigger than a page: every entry not edited keeps its default share (1 alive, 0 eliminated), and
  // the server adds up and divides the shares of the whole pool.
  const big = data.active_entries > PAGE_SIZE;
  const edited = Object.entries(shares).map(([id, edit]) => ({
    entryId: Number(id),
    share: parseShare(edit.value),
    ...edit,
  }));

  const small = planPrizeSplit({
    remainingCents: data.remaining,
    percent: percent === '' ? 0 : percent,
    entrants: data.entrants.map((entrant) => ({
      id: String(entrant.entry_id),
      share: shareOf(entrant.entry_id, entrant.default_share),
    })),
  });
  const totalShares = big
    ? data.alive_entries + edited.reduce((sum, edit) => sum + edit.share - edit.defaultShare, 0)
    : data.entrants.reduce(
        (sum, entrant) => sum + parseShare(shareOf(entrant.entry_id, entrant.default_share)),
        0,
      );
  const sharing = big
    ? data.alive_entries +
      edited.reduce((sum, edit) => sum + Number(edit.share > 0) - Number(edit.defaultShare > 0), 0)
    : 0;
  const plan = big
    ? planSplitTotals({
        remainingCents: data.remaining,
        percent: percent === '' ? 0 : percent,
        entrants: data.active_entries,
        totalShares,
      })
    : small;
  const amountOf = new Map(
    small.ok && !big ? small.awards.map((award) => [Number(award.id), award.amount]) : [],
  );
  // A big pool's parts are shown to the cent rounded down; the server gives the leftover cents out.
  const partOf = (entryId: number, share: number) =>
    big
      ? plan.ok && totalShares > 0
        ? Math.floor((plan.amount * share) / totalShares)
        : 0
      : (amountOf.get(entryId) ?? 0);
  const percentNumber = typeof percent === 'number' ? percent : Number(percent) || 0;
  const percentProblem = !plan.ok && plan.reason === 'invalid_percent' ? plan.message : undefined;
  const showButton = data.active_entries > 0 && data.entrants.length > 0 && percentNumber !== 0;
  const labelOf = new Map(data.entrants.map((entrant) => [String(entrant.entry_id), entrant.label]));
  /** The entrant's part of the split at its share as typed. */
  const awardOf = (entrant: Entrant) =>
    partOf(entrant.entry_id, parseShare(shareOf(entrant.entry_id, entrant.default_share)));

  /** The split as planned, for the modal to confirm; null while the plan cannot be made. */
  const pendingSplit = (): PendingSplit | null => {
    if (!plan.ok) return null;
    return big
      ? {
          percent: plan.percentHundredths / 100,
          amount: plan.amount,
          remaining: data.remaining,
          awards: edited
            .filter((edit) => edit.share > 0)
            .slice(0, 100)
            .map((edit) => ({
              id: String(edit.entryId),
              label: edit.label,
              amount: partOf(edit.entryId, edit.share),
            })),
          shares: edited.map((edit) => ({ entryId: edit.entryId, share: edit.share })),
          others: true,
          count: sharing,
        }
      : {
          percent: plan.percentHundredths / 100,
          amount: plan.amount,
          remaining: data.remaining,
          awards: small.ok
            ? small.awards
                .filter((award) => award.amount > 0)
                .map((award) => ({
                  id: award.id,
                  label: labelOf.get(award.id) ?? '',
                  amount: award.amount,
                }))
            : [],
          shares: data.entrants.map((entrant) => ({
            entryId: entrant.entry_id,
            share: parseShare(shareOf(entrant.entry_id, entrant.default_share)),
          })),
          others: false,
          count: small.ok ? small.awards.filter((award) => award.amount > 0).length : 0,
        };
  };

  /** Back to 0% and every default share, once a split is made. */
  const reset = () => {
    setPercent(0);
    setShares({});
  };

  return {
    percent,
    setPercent,
    shareOf,
    setShare,
    big,
    totalShares,
    sharing,
    plan,
    percentProblem,
    showButton,
    awardOf,
    pendingSplit,
    reset,
  };
}
