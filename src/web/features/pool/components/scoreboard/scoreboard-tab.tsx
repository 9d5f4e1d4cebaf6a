import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { SettlementNotice } from '../tab-notices';

/** The pool's Live Scoring tab. */
export function ScoreboardTab(_props: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  return <SettlementNotice tab="Live Scoring" />;
}
