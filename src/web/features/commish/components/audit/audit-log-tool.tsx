import { Alert, Badge, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PoolAuditRow, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { QueryState } from '../../../../components/query-state';
import { formatDate } from '../../../../lib/format';
import { usePoolAudit } from '../../api/audit';

/** A stored old or new value in one line: plain values as they are, lists and objects as compact JSON. */
function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

function AuditCard({ row }: { row: PoolAuditRow }) {
  const changed = row.old_value !== null || row.new_value !== null;
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={row.summary}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Text fw={600} style={{ flex: '1 1 16rem' }}>
          {row.summary}
        </Text>
        <Badge variant="light" color="gray">
          {row.action.replace(/_/g, ' ')}
        </Badge>
      </Group>
      <Text size="sm" c="dark.4">
        {row.by ?? 'a former account'} · {formatDate(row.created_at, 'M/D/YY h:mm A')}
        {row.entry ? ` · ${row.entry}` : ''}
      </Text>
      {changed && (
        // The summary says the change in words; the stored values are there for a closer look.
        <Text component="details" size="sm" mt={4}>
          <Text component="summary" size="sm" c="dark.4" style={{ cursor: 'pointer' }}>
            Recorded values (amounts of money in cents)
          </Text>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            before: {showValue(row.old_value)}
          </Text>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            after: {showValue(row.new_value)}
          </Text>
        </Text>
      )}
    </Paper>
  );
}

/** The pool's audit log: every commissioner change, newest first (who, when, what, old and new value). */
export function AuditLogTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const [page, setPage] = useState(1);
  const audit = usePoolAudit(pool.id, page);
  return (
    <Stack gap="sm">
      <Title order={3}>Audit Log</Title>
      <Text size="sm" c="dark.4">
        Every change a commissioner makes to this pool: settings, entrants, picks, bonus pools, money, posts
        and e-mails.
      </Text>
      <QueryState query={audit} loading="Loading the audit log" failed="The audit log could not be loaded" />
      {audit.data && audit.data.total === 0 && (
        <Alert color="gray" title="No changes yet">
          Nothing has been changed by a commissioner in this pool so far.
        </Alert>
      )}
      {audit.data && audit.data.total > 0 && (
        <>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit log">
            {audit.data.rows.map((row) => (
              <AuditCard key={row.id} row={row} />
            ))}
          </Stack>
          {audit.data.total > audit.data.pageSize && (
            <Pagination
              value={page}
              onChange={setPage}
              total={Math.ceil(audit.data.total / audit.data.pageSize)}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
