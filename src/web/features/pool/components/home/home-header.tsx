import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { globalPoolPath, poolPath, stateText } from '../pool-labels';

/** The welcome: whose pool this is, whether anyone may enter, and where to go next. */
export function HomeHeader({ pool, viewer }: { pool: PoolDetails; viewer: PoolViewer }) {
  const previous = pool.previous_season;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Title order={2} fz="lg">
          {viewer.username ? `Welcome, ${viewer.username}, to` : 'Welcome to'} {pool.name} {pool.season}!
        </Title>
        <Text size="sm" fw={700} c="dark.4">
          {stateText(pool.state)}
        </Text>
      </Group>
      <Text size="sm">
        {pool.is_global
          ? 'This is the global public pool: anyone with an account can enter, and everyone can follow along.'
          : `This is a private pool of the ${pool.league_name} league: its members may enter, and its commissioners run it.`}
      </Text>
      <Group gap="md" mt="sm" fz="sm">
        {!pool.is_global && (
          <Anchor component={Link} to={globalPoolPath(pool.game, pool.season)} size="sm">
            The global pool
          </Anchor>
        )}
        {previous === null ? (
          <Text span size="sm" c="dimmed">
            No earlier season
          </Text>
        ) : (
          <Anchor component={Link} to={poolPath({ ...pool, season: previous })} size="sm">
            {previous === pool.season - 1 ? `Last season (${previous})` : `Earlier season (${previous})`}
          </Anchor>
        )}
        <Anchor component={Link} to={`/leagues/createpool/${pool.game}`} size="sm">
          Create your own pool
        </Anchor>
      </Group>
    </Card>
  );
}
