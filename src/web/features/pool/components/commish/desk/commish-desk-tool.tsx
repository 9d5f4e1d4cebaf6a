import { Alert } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../../core/contracts/pools';

/** The Commish tools' Commish's Desk (being built). */
export function CommishDeskTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  return (
    <Alert color="blue" title="Commish's Desk">
      Commish's Desk for {pool.name} is on its way.
    </Alert>
  );
}
