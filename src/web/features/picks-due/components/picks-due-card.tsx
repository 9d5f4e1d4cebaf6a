import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { PickDue } from '../../../../core/contracts/me';
import { QueryState } from '../../../components/query-state';
import { usePicksDue } from '../api/picks-due';
import { describeDueWeek, formatLockTime, LockCountdown } from './lock-countdown';

/**
 * The landing page's Picks due: every entry of the signed-in user, across all pools, that owes picks for
 * its open week, with a live countdown to the lock and a link to Make Picks with that entry active.
 * Nothing for a visitor.
 */
export function PicksDueCard({ username }: { username: string | undefined }) {
  const query = usePicksDue(username);
  const { hash } = useLocation();
  const loaded = query.data !== undefined;
  // The header badge links here (/#picks-due): the router does not scroll to a hash by itself.
  useEffect(() => {
    if (loaded && hash === '#picks-due')
      document.getElementById('picks-due')?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  if (!username) return null;
  const due = query.data?.due ?? [];
  return (
    <Card component="section" withBorder padding="lg" id="picks-due" aria-labelledby="picks-due-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="picks-due-title">
            Picks due
          </Title>
          {due.length > 0 && (
            <Badge color="red" size="lg" aria-label={`${due.length} picks due`}>
              {due.length}
            </Badge>
          )}
        </Group>
        {query.isLoading || query.isError ? (
          <QueryState query={query} loading="Loading picks due" failed="Could not load your picks due" />
        ) : due.length === 0 && query.data?.pools_entered === 0 ? (
          <div>
            <Text fw={700}>No entries yet</Text>
            <Text size="sm" c="dark.4">
              You are in no running pool, so no picks are due.{' '}
              <Anchor component={Link} to="/leagues/allpools">
                Find a pool to join in All Pools
              </Anchor>
              .
            </Text>
          </div>
        ) : due.length === 0 ? (
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={22} color="var(--mantine-color-green-8)" aria-hidden />
            <div>
              <Text fw={700}>All picks in</Text>
              <Text size="sm" c="dark.4">
                Every entry of yours has its picks for its pool's open week.
              </Text>
            </div>
          </Group>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {due.map((row) => (
              <li key={row.entry_id}>
                <DueRow row={row} serverNow={query.data?.now ?? row.lock_at} readAt={query.dataUpdatedAt} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function DueRow({ row, serverNow, readAt }: { row: PickDue; serverNow: string; readAt: number }) {
  return (
    <Group
      justify="space-between"
      align="center"
      gap="sm"
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Text fw={700} lh={1.3}>
          {row.pool_name}
        </Text>
        <Text size="sm" c="dark.5">
          {row.league_name} · {row.entry_label} · {describeDueWeek(row)}
        </Text>
        <Text size="sm">
          <LockCountdown lockAt={row.lock_at} serverNow={serverNow} readAt={readAt} fw={700} urgency />
          <Text span c="dark.4">
            {' '}
            · {formatLockTime(row.lock_at)}
          </Text>
        </Text>
        {row.insured && (
          <Text size="xs" c="dark.4">
            Insured: if you do not pick, insurance picks for this entry at the lock.
          </Text>
        )}
      </Stack>
      <Button
        component={Link}
        to={row.make_picks_path}
        size="sm"
        aria-label={`Make picks: ${row.pool_name}, ${row.entry_label}, week ${row.week}`}
        w={{ base: '100%', xs: 'auto' }}
      >
        MAKE PICKS
      </Button>
    </Group>
  );
}
