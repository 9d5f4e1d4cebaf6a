import { Alert } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../../core/contracts/pools';

/** The Commish tools' Edit Picks (being built). */
export function EditPicksTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  return (
    <Alert color="blue" title="Edit Picks">
      Edit Picks for {pool.name} is on its way.
    </Alert>
  );
}
