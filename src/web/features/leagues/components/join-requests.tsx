import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { LeagueRequestRow, RequestStatus } from '../../../../core/contracts/leagues';
import { REQUEST_STATUS } from '../../../../core/contracts/leagues';
import { ListPager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { ResponsiveTable } from '../../../components/responsive-table';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useDecideAccess, useLeagueRequests } from '../api/leagues';
import { ListSearch, useListPage } from './list-paging';

const STATUS: Record<number, { label: string; color: string }> = {
  1: { label: 'Approved', color: 'green.8' },
  2: { label: 'Pending', color: 'yellow.4' },
};

/** The league's join requests: approve or reject pending ones, reopen rejected ones. */
export function JoinRequests({ leagueId }: { leagueId: number }) {
  const paging = useListPage();
  const requests = useLeagueRequests(leagueId, paging.list);
  const decide = useDecideAccess();
  if (requests.isLoading || requests.isError) {
    return <QueryState query={requests} loading="Loading requests" failed="Could not load the requests" />;
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
      <ResponsiveTable
        rows={rows}
        rowKey={(row) => row.id}
        minWidth={720}
        table={{ striped: true, verticalSpacing: 'xs' }}
        columns={[
          { key: 'id', header: '#', cell: (row) => row.id },
          { key: 'username', header: 'Username', td: { fw: 700 }, cell: (row) => row.username },
          { key: 'name', header: 'Name', cell: (row) => row.full_name },
          { key: 'email', header: 'Email', cell: (row) => row.email },
          {
            key: 'requested',
            header: 'Requested',
            cell: (row) => formatDate(row.created_at, 'M/D/YY, h:mm A'),
          },
          { key: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
          {
            key: 'decision',
            header: 'Decision',
            cell: (row) => <Decision row={row} act={act} busy={busy(row)} />,
          },
        ]}
        // On a phone each request is a card with its decision buttons in view.
        cards={{ gap: 0 }}
        card={(row, index) => (
          <Stack
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
        )}
      />
      <ListPager info={data} onChange={paging.setPage} label="Pages of join requests" />
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
