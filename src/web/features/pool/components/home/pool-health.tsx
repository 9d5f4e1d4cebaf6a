import { Card, Center, Group, Loader, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { WhenVisible } from '../../../../components/when-visible';
import { usePoolHealth } from '../../api/standings';

// Lazy, and drawn only when scrolled to: the chart library is large and only pools three weeks in show it.
const PoolHealthChart = lazy(() => import('../standings/pool-health-chart'));

/**
 * The Pool Health Report: entries still alive after each settled week, stacked by lives. Shown only once
 * the pool is more than two weeks past its start week and some week has been settled.
 */
export function PoolHealthCard({
  pool,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  const due = pool.live_week > pool.start_week + 2;
  const health = usePoolHealth(pool.id, due);
  if (!due || !health.data || health.data.weeks.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="pool-health-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="md" id="pool-health-title">
          Pool Health Report
        </Title>
        <Text size="sm" c="dark.4">
          {pool.entrants} entered · {pool.alive} remaining
        </Text>
      </Group>
      <WhenVisible height={200}>
        <Suspense
          fallback={
            <Center h={200}>
              <Loader size="sm" aria-label="Loading the chart" />
            </Center>
          }
        >
          <PoolHealthChart health={health.data} />
        </Suspense>
      </WhenVisible>
    </Card>
  );
}
