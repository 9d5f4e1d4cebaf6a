import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';

/** A Home card of the settled pool (filled in by its own area). */
export function PoolHealthCard(_props: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  return null;
}
