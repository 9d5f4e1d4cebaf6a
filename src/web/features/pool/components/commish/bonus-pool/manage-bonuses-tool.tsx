import { Alert } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../../core/contracts/pools';

/** The Commish tools' Bonuses (being built). */
export function ManageBonusesTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  return (
    <Alert color="blue" title="Bonuses">
      Bonuses for {pool.name} is on its way.
    </Alert>
  );
}
