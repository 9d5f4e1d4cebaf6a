import { Alert, Anchor, Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconShieldHalfFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LeagueListRow } from '../../../../core/contracts/leagues';
import { REQUEST_STATUS } from '../../../../core/contracts/leagues';
import { QueryState } from '../../../components/query-state';
import { ResponsiveTable } from '../../../components/responsive-table';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useAllLeagues, useRequestAccess } from '../api/leagues';

/** Find a League: every league the viewer may see, with a way in. */
export function FindLeague({ loggedIn, onLogin }: { loggedIn: boolean; onLogin: () => void }) {
  const leagues = useAllLeagues();
  if (leagues.isLoading || leagues.isError) {
    return <QueryState query={leagues} loading="Loading leagues" failed="Could not load the leagues" />;
  }
  const rows = leagues.data ?? [];
  if (rows.length === 0) {
    return (
      <Alert color="gray" title="No leagues yet">
        Be the first:{' '}
        <Anchor component={Link} to="/leagues/create" underline="always">
          create a league
        </Anchor>
        .
      </Alert>
    );
  }
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(league) => league.id}
      minWidth={860}
      table={{ striped: true, highlightOnHover: true, verticalSpacing: 'sm' }}
      columns={[
        { key: 'league', header: 'League', cell: (league) => <LeagueName league={league} /> },
        { key: 'commissioner', header: 'Commissioner', cell: (league) => league.commissioner ?? '—' },
        { key: 'members', header: 'Members', cell: (league) => league.members },
        { key: 'pools', header: 'Pools Hosted', cell: (league) => league.pools_hosted },
        {
          key: 'membership',
          header: 'Membership',
          cell: (league) => (league.joinable ? 'Public' : 'Private'),
        },
        { key: 'visibility', header: 'Visibility', cell: (league) => (league.hidden ? 'Hidden' : 'Public') },
        {
          key: 'join',
          header: 'Join',
          cell: (league) => <JoinCell league={league} loggedIn={loggedIn} onLogin={onLogin} />,
        },
      ]}
      // On a phone each league is a card, so the join column never scrolls out of sight.
      cards={{ gap: 0 }}
      card={(league, index) => (
        <Stack
          role="group"
          aria-label={league.name}
          gap={6}
          py="sm"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
        >
          <LeagueName league={league} />
          <Text size="xs" c="dark.4">
            Commissioner {league.commissioner ?? '—'} · {league.members}{' '}
            {league.members === 1 ? 'member' : 'members'} · {league.pools_hosted}{' '}
            {league.pools_hosted === 1 ? 'pool' : 'pools'} hosted
          </Text>
          <Text size="xs" c="dark.4">
            Membership {league.joinable ? 'Public' : 'Private'} · Visibility{' '}
            {league.hidden ? 'Hidden' : 'Public'}
          </Text>
          <div>
            <JoinCell league={league} loggedIn={loggedIn} onLogin={onLogin} />
          </div>
        </Stack>
      )}
    />
  );
}

/** Logo, name (linked unless hidden from the viewer) and founding date. */
function LeagueName({ league }: { league: LeagueListRow }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={league.logo} alt="" radius="sm" color="navy">
        <IconShieldHalfFilled size={20} aria-hidden />
      </Avatar>
      <div>
        {league.hidden && !league.is_member ? (
          <Text fw={700} size="sm">
            {league.name}
          </Text>
        ) : (
          <Anchor component={Link} to={`/league/${league.abb}`} fw={700} size="sm">
            {league.name}
          </Anchor>
        )}
        <Text size="xs" c="dark.4">
          Founded {formatDate(league.founded, 'M.D.YY')}
        </Text>
      </div>
    </Group>
  );
}

function JoinCell({
  league,
  loggedIn,
  onLogin,
}: {
  league: LeagueListRow;
  loggedIn: boolean;
  onLogin: () => void;
}) {
  const request = useRequestAccess();
  if (league.is_member) {
    return (
      <Badge color="green.8" leftSection={<IconCheck size={12} aria-hidden />}>
        You're a member
      </Badge>
    );
  }
  if (!league.hidden) {
    return (
      <Button component={Link} to={`/league/${league.abb}`} size="xs" variant="light">
        VIEW LEAGUE
      </Button>
    );
  }
  if (!loggedIn) {
    return (
      <Anchor component="button" type="button" size="sm" onClick={onLogin}>
        Log in to request access
      </Anchor>
    );
  }
  if (league.request_status === REQUEST_STATUS.pending || request.isSuccess) {
    return (
      <Button size="xs" disabled>
        Request Pending
      </Button>
    );
  }
  return (
    <Stack gap={2}>
      <Button
        size="xs"
        loading={request.isPending}
        onClick={() => request.mutate({ league_id: league.id, abb: league.abb, source: 'home' })}
      >
        REQUEST TO JOIN
      </Button>
      {request.isError && (
        <Text size="xs" c="red.8" role="alert">
          {errorMessage(request.error)}
        </Text>
      )}
    </Stack>
  );
}
