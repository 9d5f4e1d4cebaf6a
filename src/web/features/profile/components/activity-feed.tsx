import { Anchor, Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconDoorEnter, IconMailQuestion, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { UserActivityEvent } from '../../../../core/contracts/users';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useUserActivity } from '../api/profile';

const REQUEST_STATUS: Record<number, { label: string; color: string }> = {
  1: { label: 'Approved', color: 'green.8' },
  2: { label: 'Pending', color: 'yellow.4' },
};

/** The user's own game activity: leagues joined, requests made, pools entered. */
export function ActivityFeed({ username }: { username: string }) {
  const activity = useUserActivity(username);
  if (activity.isLoading || activity.isError) {
    return <QueryState query={activity} loading="Loading activity" failed="Could not load your activity" />;
  }
  const events = activity.data ?? [];
  if (events.length === 0) {
    return <Text c="dark.4">No game activity yet. Join a league or enter a pool to get started.</Text>;
  }
  return (
    <Timeline bulletSize={26} lineWidth={2} active={events.length}>
      {events.map((event, index) => (
        <Timeline.Item key={`${event.type}-${event.at}-${index}`} bullet={<EventIcon event={event} />}>
          <EventLine event={event} />
          <Text size="xs" c="dark.4">
            {formatDate(event.at, 'M/D/YY, h:mm A')}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function EventIcon({ event }: { event: UserActivityEvent }) {
  if (event.type === 'entered_pool') return <IconTicket size={14} aria-hidden />;
  if (event.type === 'requested_league') return <IconMailQuestion size={14} aria-hidden />;
  return <IconDoorEnter size={14} aria-hidden />;
}

function EventLine({ event }: { event: UserActivityEvent }) {
  const league = (
    <Anchor component={Link} to={`/league/${event.league_abb}`} size="sm" fw={600}>
      {event.league_name}
    </Anchor>
  );
  if (event.type === 'joined_league') {
    return <Text size="sm">Joined {league}</Text>;
  }
  if (event.type === 'requested_league') {
    const status = REQUEST_STATUS[event.status ?? 0] ?? { label: 'Rejected', color: 'red.8' };
    return (
      <Group gap="xs">
        <Text size="sm">Asked to join {league}</Text>
        <Badge size="sm" color={status.color}>
          {status.label}
        </Badge>
      </Group>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">
        Entered{' '}
        {event.path ? (
          <Anchor component={Link} to={event.path} size="sm" fw={600}>
            {event.pool_name ?? 'a pool'}
          </Anchor>
        ) : (
          (event.pool_name ?? 'a pool')
        )}{' '}
        in {league}
      </Text>
    </Stack>
  );
}
