import { Anchor, Box, Group, Text, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PoolDetails } from '../../../../core/contracts/pools';
import { GAME_COLORS } from '../../../theme';
import { bannerTitle, globalPoolPath } from './pool-labels';

/** The pool's banner in its game's colours, with the pool's name and whose pool it is. */
export function PoolBanner({ pool }: { pool: PoolDetails }) {
  const color = GAME_COLORS[pool.game] ?? 'var(--mantine-color-navy-9)';
  return (
    <Box
      c="white"
      p="md"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: `linear-gradient(120deg, ${color} 0%, ${color} 55%, #111 130%)`,
      }}
    >
      <Title order={1} fz={{ base: 22, sm: 32 }} c="white" lh={1.15}>
        {bannerTitle(pool)}
      </Title>
      <Text fw={600} mt={4}>
        {pool.name} · {pool.league_name}
      </Text>
    </Box>
  );
}

/** Says whether this is the global public pool or a league's pool, and links to the global pool. */
export function PoolNotice({ pool }: { pool: PoolDetails }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconWorld size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
      {pool.is_global ? (
        <Text size="sm">This is the global public pool: anyone with an account can enter.</Text>
      ) : (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">
            This is{' '}
            <Anchor component={Link} to={`/league/${pool.league_abb}`} size="sm" fw={600}>
              {pool.league_name}
            </Anchor>
            's pool.
          </Text>
          <Anchor component={Link} to={globalPoolPath(pool.game, pool.season)} size="sm" fw={600}>
            Go to the global public pool
          </Anchor>
        </Group>
      )}
    </Group>
  );
}
