import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { SettlementNotice } from '../tab-notices';

/** The pool's Standings tab. */
export function StandingsTab(_props: { pool: PoolDetails; viewer: PoolViewer; activeEntry: MyEntry | null }) {
  return <SettlementNotice tab="Standings" />;
}
