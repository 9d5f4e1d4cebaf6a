import { Alert, Anchor, Badge, Card, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../../core/contracts/auth';
import { REQUEST_STATUS } from '../../../../core/contracts/leagues';
import { GAME_NAMES, type Game } from '../../../../core/games';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatDollars } from '../../../lib/format';
import { useTransactions, useUserProfile } from '../api/profile';
import { ActivityFeed } from './activity-feed';
import { CalendarCard } from './calendar-card';
import { PushSettingsCard } from './push-settings-card';
import { ReminderSettingsCard } from './reminder-settings-card';

/** The signed-in user's own profile: leagues and requests, activity, payments and prizes. */
export function ProfileView({ user }: { user: CurrentUser }) {
  const profile = useUserProfile(user.username);
  const transactions = useTransactions(user.username);
  const data = profile.data;
  if (!data)
    return <QueryState query={profile} loading="Loading profile" failed="Could not load your profile" />;
  const rows = [
    ...data.leagues.map((league) => ({
      key: `m${league.league_id}`,
      abb: league.league_abb,
      name: league.league_name,
      status: <Badge color="green">Joined {formatDate(league.created_at, 'MM.DD.YY')}</Badge>,
    })),
    ...data.lgRequests.map((request) => ({
      key: `r${request.league_id}`,
      abb: request.league_abb,
      name: request.league_name,
      status:
        request.status === REQUEST_STATUS.pending ? (
          <Badge color="yellow">Pending</Badge>
        ) : (
          <Badge color="red">Rejected</Badge>
        ),
    })),
  ];
  return (
    <>
      <Alert color="gray">This page is under construction: more of your history will appear here.</Alert>
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          {user.nameFirst} {user.nameLast} ({user.username})
        </Title>
        <Text size="sm">{user.email}</Text>
      </Card>
      <ReminderSettingsCard />
      <PushSettingsCard />
      <CalendarCard />
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          Leagues
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed">You have not requested to join any leagues yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={280}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>League</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Td>
                      <Anchor component={Link} to={`/league/${row.abb}`}>
                        {row.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          Game Activity
        </Title>
        <ActivityFeed username={user.username} />
      </Card>
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          Payments &amp; Prizes
        </Title>
        {transactions.isError && (
          <Alert color="red" role="alert">
            {errorMessage(transactions.error)}
          </Alert>
        )}
        {transactions.data && transactions.data.length === 0 && (
          <Text c="dimmed">No transactions in system</Text>
        )}
        {transactions.data && transactions.data.length > 0 && (
          <Table.ScrollContainer
            minWidth={420}
            // On a phone the table scrolls sideways: keyboard users reach it by tabbing to it.
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Payments and prizes' },
            }}
          >
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Game</Table.Th>
                  <Table.Th>Season</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Notes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {transactions.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{GAME_NAMES[row.game as Game] ?? row.game}</Table.Td>
                    <Table.Td>{row.season}</Table.Td>
                    <Table.Td>{row.type === 'prize' ? 'Prize' : 'Payment'}</Table.Td>
                    <Table.Td>{formatDollars(row.amount)}</Table.Td>
                    <Table.Td>{row.notes}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </>
  );
}
