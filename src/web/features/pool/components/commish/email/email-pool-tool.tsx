import { Alert } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../../core/contracts/pools';

/** The Commish tools' Email Pool (being built). */
export function EmailPoolTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  return (
    <Alert color="blue" title="Email Pool">
      Email Pool for {pool.name} is on its way.
    </Alert>
  );
}
