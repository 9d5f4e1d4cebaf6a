import { Alert } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../../core/contracts/pools';

/** The Commish tools' Pool Settings (being built). */
export function PoolSettingsTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  return (
    <Alert color="blue" title="Pool Settings">
      Pool Settings for {pool.name} is on its way.
    </Alert>
  );
}
