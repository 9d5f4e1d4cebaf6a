import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { SettlementNotice } from '../tab-notices';

/** The pool's Performance Bonuses tab. */
export function BonusesTab(_props: { pool: PoolDetails; viewer: PoolViewer; activeEntry: MyEntry | null }) {
  return <SettlementNotice tab="Performance Bonuses" />;
}
