import type { AdminEntrant } from '../../../../../core/contracts/pools';
import type { EntryRecord } from '../../../../db/schema';
import { entryLabel } from '../../store/pool-entries.repo';

/** An entry as Manage Entrants shows it: its label, state, prizes, note and whether it was crowned. */
export function toAdminEntrant(
  entry: EntryRecord,
  username: string,
  prizes: number,
  champions: ReadonlySet<string>,
): AdminEntrant {
  const label = entryLabel(username, entry.entryNum);
  return {
    entry_id: entry.id,
    user_id: entry.userId,
    username,
    entry_num: entry.entryNum,
    label,
    status: entry.status,
    lives: entry.lives,
    needs_rebuy: entry.needsRebuy,
    eliminated: entry.lives <= 0,
    weeks_alive: entry.weeksAlive,
    prizes,
    notes: entry.notes,
    champion: champions.has(label.toLowerCase()),
  };
}

export const championSet = (pool: { champions: string[] }) =>
  new Set(pool.champions.map((name) => name.toLowerCase()));
