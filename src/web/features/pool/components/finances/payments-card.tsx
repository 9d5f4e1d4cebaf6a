import { Alert, Card, Center, Group, Loader, Pagination, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PAYMENTS_MAX_DEPTH, type PoolDetails } from '../../../../../core/contracts/pools';
import { ResponsiveTable } from '../../../../components/responsive-table';
import { errorMessage } from '../../../../lib/api';
import { formatDate, formatDollars } from '../../../../lib/format';
import { paymentsPath, usePayments } from '../../../../lib/pool-api/finances';

interface PaymentLine {
  id: number;
  label: string;
  date: string;
  kind: string;
  amount: number;
  notes: string | null;
}

const PAGE_SIZE = 50;

/**
 * The records behind the Paid and Prizes Paid To columns: who paid the commissioner, and which prizes the
 * commissioner paid out, newest first, dated M/D/YY. A page at a time, searched by username on the server;
 * the search and pager show once there is more than a page.
 */
export function PaymentsCard({ pool }: { pool: PoolDetails }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const payments = usePayments(paymentsPath(pool), { page, pageSize: PAGE_SIZE, q }, true);
  const lines: PaymentLine[] = (payments.data?.records ?? []).map((record) => ({
    id: record.id,
    label: record.label,
    date: record.updated_at,
    kind: record.type === 'payment' ? 'Payment' : 'Prize paid',
    amount: record.amount,
    notes: record.notes,
  }));
  const total = payments.data?.total ?? 0;
  const paged = total > PAGE_SIZE || q !== '' || page > 1;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} fz="md" id="payments-title">
          Payments and Prizes Paid
        </Title>
        {paged && (
          <TextInput
            aria-label="Search payments by username"
            placeholder="Search usernames"
            size="xs"
            w={220}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
        )}
      </Group>
      {payments.isLoading ? (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading payments" />
        </Center>
      ) : payments.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(payments.error)}
        </Alert>
      ) : lines.length === 0 ? (
        <Text size="sm" c="dark.4">
          {q ? 'No payments match that username.' : 'No payments or prize payouts have been recorded yet.'}
        </Text>
      ) : (
        <>
          <ResponsiveTable
            rows={lines}
            rowKey={(line) => line.id}
            minWidth={560}
            scroll={{ tabIndex: 0, 'aria-labelledby': 'payments-title' }}
            table={{ verticalSpacing: 6, fz: 'sm', 'aria-labelledby': 'payments-title' }}
            columns={[
              { key: 'date', header: 'Date', cell: (line) => formatDate(line.date, 'M/D/YY') },
              { key: 'username', header: 'Username', cell: (line) => line.label },
              { key: 'type', header: 'Type', cell: (line) => line.kind },
              {
                key: 'amount',
                header: 'Amount',
                th: { ta: 'right' },
                td: { ta: 'right' },
                cell: (line) => formatDollars(Math.abs(line.amount)),
              },
              {
                key: 'notes',
                header: 'Notes',
                td: { style: { overflowWrap: 'anywhere' } },
                cell: (line) => line.notes ?? '',
              },
            ]}
            cards={{ gap: 6 }}
            card={(line) => (
              <Card withBorder padding="xs" component="section" aria-label={`${line.kind} ${line.label}`}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {line.label}
                  </Text>
                  <Text size="sm">{formatDollars(Math.abs(line.amount))}</Text>
                </Group>
                <Text size="xs" c="dark.4">
                  {formatDate(line.date, 'M/D/YY')} · {line.kind}
                  {line.notes ? ` · ${line.notes}` : ''}
                </Text>
              </Card>
            )}
          />
          {total > PAGE_SIZE && (
            <Pagination
              mt="sm"
              size="sm"
              value={page}
              onChange={setPage}
              total={Math.ceil(Math.min(total, PAYMENTS_MAX_DEPTH) / PAGE_SIZE)}
              getControlProps={(control) => ({ 'aria-label': `${control} page of payments` })}
            />
          )}
          {total > PAYMENTS_MAX_DEPTH && (
            <Text size="xs" c="dark.4" mt="xs">
              The newest {PAYMENTS_MAX_DEPTH.toLocaleString('en-US')} of {total.toLocaleString('en-US')}{' '}
              records are listed by page: search a username to find older ones.
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
