import { Alert } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../../core/contracts/pools';

/** The Commish tools' Manage Entrants (being built). */
export function ManageEntrantsTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  return (
    <Alert color="blue" title="Manage Entrants">
      Manage Entrants for {pool.name} is on its way.
    </Alert>
  );
}
