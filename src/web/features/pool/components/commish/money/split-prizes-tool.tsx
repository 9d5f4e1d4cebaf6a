import { Alert } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../../core/contracts/pools';

/** The Commish tools' Split Prizes (being built). */
export function SplitPrizesTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  return (
    <Alert color="blue" title="Split Prizes">
      Split Prizes for {pool.name} is on its way.
    </Alert>
  );
}
