import { Alert } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../../core/contracts/pools';

/** The Commish tools' Finances (being built). */
export function CommishFinancesTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  return (
    <Alert color="blue" title="Finances">
      Finances for {pool.name} is on its way.
    </Alert>
  );
}
