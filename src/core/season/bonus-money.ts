/** How a bonus event's total is charged: every payer pays `base`, the first `extra` payers one cent more. */
export interface BonusCharge {
  base: number;
  extra: number;
}

/** One settled bonus event. */
export interface BonusEventSettlement {
  team: string;
  prize: number;
  /** Indexes (into the members list given) of the entries that receive the prize. */
  winners: number[];
  /** Indexes of the entries that pay, in order; the first `charge.extra` of them pay one cent more. */
  payers: number[];
  /** prize x winners, or 0 when nothing moves. */
  total: number;
  charge: BonusCharge;
}

/** Splits a total over payers in whole cents: floor(total / payers) each, the remainder one cent at a time. */
export function splitBonusCharge(total: number, payerCount: number): BonusCharge {
  if (payerCount <= 0) return { base: 0, extra: 0 };
  return { base: Math.floor(total / payerCount), extra: total % payerCount };
}

/** What the payer at position `index` (0-based, in entries order) pays. */
export function chargeAt(charge: BonusCharge, index: number): number {
  return charge.base + (index < charge.extra ? 1 : 0);
}

/**
 * Settles one bonus event among the week's bonus-pool members (given by their picks, in entries order).
 * Zero-sum: winners get the prize, the others pay the total; no winners or no payers means nothing moves.
 */
export function settleBonusEvent(
  memberPicks: readonly (string | null)[],
  team: string,
  prize: number,
): BonusEventSettlement {
  const winners: number[] = [];
  const payers: number[] = [];
  memberPicks.forEach((pick, index) => {
    (pick === team ? winners : payers).push(index);
  });
  if (winners.length === 0 || payers.length === 0 || prize === 0) {
    return { team, prize, winners, payers, total: 0, charge: { base: 0, extra: 0 } };
  }
  const total = prize * winners.length;
  return { team, prize, winners, payers, total, charge: splitBonusCharge(total, payers.length) };
}

/** Net cents per member for one settled event: + prize for winners, - their share for payers. */
export function netBonusCents(settlement: BonusEventSettlement, memberCount: number): number[] {
  const net = new Array<number>(memberCount).fill(0);
  if (settlement.total === 0) return net;
  for (const index of settlement.winners) net[index] = settlement.prize;
  settlement.payers.forEach((memberIndex, payerIndex) => {
    net[memberIndex] = -chargeAt(settlement.charge, payerIndex);
  });
  return net;
}
