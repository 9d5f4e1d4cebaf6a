import type { LiveTopic } from '../../../../core/contracts/pools/live';
import type { AppContext } from '../../../context';
import { dropKept } from '../store/kept-reads';
import { refreshRankingsLater } from './pool-rankings';

/**
 * Drops at once what this instance kept of the pool (its own change; the bus may bring it back later), and
 * after a change of its standings or money has the pool's stored rankings refreshed in the background.
 */
export function standingsChanged(ctx: AppContext, poolId: number, topic: LiveTopic): void {
  dropKept(ctx, poolId, topic);
  if (topic === 'standings' || topic === 'money') refreshRankingsLater(ctx, poolId);
}
