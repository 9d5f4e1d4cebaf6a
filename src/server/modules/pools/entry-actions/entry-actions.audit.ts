import { AUTO_REBUY_SWITCH_FEED_TYPE, BONUS_SWITCH_FEED_TYPE } from '../../../../core/contracts/pools';
import { formatDollars } from '../../../../core/money';
import { formatEntryLabel } from '../../../../core/money/finances';
import { type DeferredFlag, flagForWeek } from '../../../../core/pool/entry-actions';
import { poolPagePathIn } from '../../../../core/pool/identity';
import type { DbOrTx } from '../../../db/client';
import type { EntryRecord, LeagueRow, PoolRecord, UserRow } from '../../../db/schema';
import { postPoolEvent } from '../feed/feed.service';
import { recordPoolAudits } from '../store/pool-audits.repo';

/*
 * The pool's audit rows of what an owner does to their entry. Every value is read from the entry's row as
 * the action locked it, or from the row the action wrote, so racing actions of one entry audit a chain.
 */

interface OwnerAction {
  pool: PoolRecord;
  league: LeagueRow;
  entry: EntryRecord;
  user: Pick<UserRow, 'id' | 'username'>;
}

/** The owner's switches, as the audit and the entrant's activity name them. */
const SWITCHES = {
  bonus: {
    key: 'in_bonus',
    feedType: BONUS_SWITCH_FEED_TYPE,
    on: (label: string, week: number) => `${label} joins the bonus pool from Week ${week}`,
    off: (label: string, week: number) => `${label} leaves the bonus pool from Week ${week}`,
  },
  auto_rebuy: {
    key: 'auto_rebuy',
    feedType: AUTO_REBUY_SWITCH_FEED_TYPE,
    on: (label: string, week: number) => `${label} turned auto-rebuy on from Week ${week}`,
    off: (label: string, week: number) => `${label} turned auto-rebuy off from Week ${week}`,
  },
} as const;

export type EntrySwitch = keyof typeof SWITCHES;

/**
 * A switch flipped by the owner: audited (old and new value of the week it takes effect from) and posted to
 * the entrant's own activity. A flip that leaves that week's value as it was changes nothing and writes nothing.
 */
export async function recordSwitchChange(
  tx: DbOrTx,
  action: OwnerAction & { setting: EntrySwitch; before: DeferredFlag; after: DeferredFlag },
  now: Date,
): Promise<void> {
  const week = action.after.effWeek;
  const from = flagForWeek(action.before, week);
  const to = flagForWeek(action.after, week);
  if (from === to) return;
  const { pool, league, entry, user } = action;
  const words = SWITCHES[action.setting];
  const label = formatEntryLabel(user.username, entry.entryNum);
  const summary = (to ? words.on : words.off)(label, week);
  await recordPoolAudits(
    tx,
    pool.id,
    user,
    [
      {
        action: action.setting,
        summary,
        entryId: entry.id,
        oldValue: { week, [words.key]: from },
        newValue: { week, [words.key]: to },
      },
    ],
    now,
  );
  await postPoolEvent(
    tx,
    {
      poolId: pool.id,
      entryId: entry.id,
      userId: user.id,
      type: words.feedType,
      summary,
      desc: `${summary}.`,
      link: poolPagePathIn(pool, league),
    },
    now,
  );
}

/** A rebuy the owner paid: the rebuys made before and after, and the charge. */
export async function recordRebuy(
  tx: DbOrTx,
  action: OwnerAction & { after: EntryRecord; week: number },
  now: Date,
): Promise<void> {
  const { pool, entry, user, after } = action;
  const label = formatEntryLabel(user.username, entry.entryNum);
  await recordPoolAudits(
    tx,
    pool.id,
    user,
    [
      {
        action: 'rebuy',
        summary: `${label} rebought before Week ${action.week}: ${formatDollars(pool.rebuyPrice)}`,
        entryId: entry.id,
        oldValue: { rebuys_made: entry.rebuysMade, needs_rebuy: entry.needsRebuy },
        newValue: {
          rebuys_made: after.rebuysMade,
          needs_rebuy: after.needsRebuy,
          week: action.week,
          charged: pool.rebuyPrice,
        },
      },
    ],
    now,
  );
}

/** Insurance the owner bought: uninsured before, insured after, and the charge. */
export async function recordInsurance(tx: DbOrTx, action: OwnerAction, now: Date): Promise<void> {
  const { pool, entry, user } = action;
  const label = formatEntryLabel(user.username, entry.entryNum);
  await recordPoolAudits(
    tx,
    pool.id,
    user,
    [
      {
        action: 'insurance',
        summary: `${label} bought pick insurance: ${formatDollars(pool.insurance)}`,
        entryId: entry.id,
        oldValue: { insurance_purchased: entry.insurancePurchased },
        newValue: { insurance_purchased: true, charged: pool.insurance },
      },
    ],
    now,
  );
}
