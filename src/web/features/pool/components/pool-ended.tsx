import { Alert, Text } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { PoolDetails } from '../../../../core/contracts/pools';
import { championsText } from './pool-labels';

/**
 * A concluded pool says so above every tab, with who won, so no one on Make Picks or Standings looks for
 * a week to play.
 */
export function PoolEndedNotice({ pool }: { pool: PoolDetails }) {
  if (pool.state !== 'concluded') return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconTrophy aria-hidden />}
      title="This pool has ended"
      // The light yellow's own title colour is too faint on its background.
      styles={{
        title: { color: 'var(--mantine-color-dark-7)' },
        icon: { color: 'var(--mantine-color-yellow-9)' },
      }}
    >
      <Text size="sm" fw={600}>
        {championsText(pool.champions, pool.champions.length)}
      </Text>
      <Text size="sm">The commissioner crowned the champions. No more picks are made in this pool.</Text>
    </Alert>
  );
}
