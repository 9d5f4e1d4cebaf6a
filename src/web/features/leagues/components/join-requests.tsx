import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { LeagueRequestRow, RequestStatus } from '../../../../core/contracts/leagues';
import { REQUEST_STATUS } from '../../../../core/contracts/leagues';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useDecideAccess, useLeagueRequests } from '../api/leagues';
import { ListPager, ListSearch, useListPage } from './list-pager';

const STATUS: Record<number, { label: string; color: string }> = {
  1: { label: 'Approved', color: 'green.8' },
  2: { label: 'Pending', color: 'yellow.4' },
};

/** The league's join requests: approve or reject pending ones, reopen rejected ones. */
export function JoinRequests({ leagueId }: { leagueId: number }) {
  const paging = useListPage();
  const requests = useLeagueRequests(leagueId, paging.list);
  const decide = useDecideAccess();
  if (requests.isLoading) return <Loader aria-label="Loading requests" />;
  if (requests.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(requests.error)}
      </Alert>
    );
  }
  const data = requests.data;
  const rows = data?.requests ?? [];
  if (rows.length === 0 && !paging.list.q && paging.list.page === 1) {
    return <Text c="dark.4">Nobody has asked to join this league yet.</Text>;
  }
  const act = (row: LeagueRequestRow, status: RequestStatus) =>
    decide.mutate({ request_id: row.id, status, current_status: row.status });
  const busy = (row: LeagueRequestRow) => decide.isPending && decide.variables?.request_id === row.id;
  return (
    <>
      <ListSearch
        label="Search requests"
        placeholder="Username, name or email"
        value={paging.search}
        onChange={paging.setSearch}
      />
      {data && (
        <Text size="sm" c="dark.4" role="status" my="xs">
          {data.total} {data.total === 1 ? 'request' : 'requests'}
          {paging.list.q ? ' match' : ''} · {data.pending} pending
        </Text>
      )}
      {decide.isError && (
        <Alert color="red" role="alert" mb="sm">
          {errorMessage(decide.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Username</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Decision</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td fw={700}>{row.username}</Table.Td>
                <Table.Td>{row.full_name}</Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>{formatDate(row.created_at, 'M/D/YY, h:mm A')}</Table.Td>
                <Table.Td>
                  <StatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  <Decision row={row} act={act} busy={busy(row)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* On a phone each request is a card with its decision buttons in view. */}
      <Stack gap={0} hiddenFrom="sm">
        {rows.map((row, index) => (
          <Stack
            key={row.id}
            role="group"
            aria-label={`Request ${row.id} from ${row.username}`}
            gap={4}
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={700}>
                #{row.id} {row.username}
              </Text>
              <StatusBadge status={row.status} />
            </Group>
            <Text size="sm">
              {row.full_name} · {row.email}
            </Text>
            <Text size="xs" c="dark.4">
              Requested {formatDate(row.created_at, 'M/D/YY, h:mm A')}
            </Text>
            <Decision row={row} act={act} busy={busy(row)} />
          </Stack>
        ))}
      </Stack>
      {data && <ListPager info={data} onChange={paging.setPage} />}
    </>
  );
}

function StatusBadge({ status }: { status: number }) {
  const shown = STATUS[status] ?? { label: 'Rejected', color: 'red.8' };
  return (
    <Badge color={shown.color} miw="max-content">
      {shown.label}
    </Badge>
  );
}

/** Approve or reject a pending request; reopen a rejected one. Approved requests need nothing. */
function Decision({
  row,
  act,
  busy,
}: {
  row: LeagueRequestRow;
  act: (row: LeagueRequestRow, status: RequestStatus) => void;
  busy: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {row.status === REQUEST_STATUS.pending && (
        <>
          <Button
            size="compact-sm"
            color="green.8"
            loading={busy}
            aria-label={`Approve ${row.username}`}
            onClick={() => act(row, 1)}
          >
            APPROVE
          </Button>
          <Button
            size="compact-sm"
            color="red.8"
            variant="outline"
            disabled={busy}
            aria-label={`Reject ${row.username}`}
            onClick={() => act(row, 3)}
          >
            REJECT
          </Button>
        </>
      )}
      {row.status !== REQUEST_STATUS.approved && row.status !== REQUEST_STATUS.pending && (
        <Button
          size="compact-sm"
          variant="default"
          loading={busy}
          aria-label={`Reopen ${row.username}`}
          onClick={() => act(row, 2)}
        >
          REOPEN
        </Button>
      )}
    </Group>
  );
}
