import { Alert, Text } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { PoolDetails } from '../../../../core/contracts/pools';
import { championsText } from './pool-labels';

// The light yellow's own title colour is too faint on its background.
const READABLE = {
  title: { color: 'var(--mantine-color-dark-7)' },
  icon: { color: 'var(--mantine-color-yellow-9)' },
};

/**
 * A decided pool says so above every tab: who won and why (the end rule's reason, or the commissioner's
 * crowning), so no one on Make Picks or Standings looks for a week to play. A decision waiting for the
 * commissioner's crowning says that too.
 */
export function PoolEndedNotice({ pool }: { pool: PoolDetails }) {
  const ended = pool.ended;
  if (pool.state !== 'concluded') {
    if (!ended || ended.crowned_at) return null;
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconTrophy aria-hidden />}
        title="The end rule has decided"
        styles={READABLE}
      >
        <Text size="sm">
          {capitalize(ended.reason)}. The commissioner crowns the champions; until then the pool plays on.
        </Text>
      </Alert>
    );
  }
  const byRule = ended?.crowned_at != null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconTrophy aria-hidden />}
      title="This pool has ended"
      styles={READABLE}
    >
      <Text size="sm" fw={600}>
        {championsText(pool.champions, byRule && ended ? ended.champions : pool.champions.length)}
      </Text>
      <Text size="sm">
        {byRule && ended
          ? `By the pool's end rule: ${ended.reason}.`
          : 'The commissioner crowned the champions.'}{' '}
        No more picks are made in this pool.
      </Text>
    </Alert>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
