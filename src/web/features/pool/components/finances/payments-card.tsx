import { Alert, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { PoolDetails } from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { formatDate, formatDollars } from '../../../../lib/format';
import { paymentsPath, usePayments } from '../../api/finances';

interface PaymentLine {
  id: number;
  label: string;
  date: string;
  kind: string;
  amount: number;
  notes: string | null;
}

/**
 * The records behind the Paid and Prizes Paid To columns: who paid the commissioner, and which prizes the
 * commissioner paid out, newest first, dated M/D/YY.
 */
export function PaymentsCard({ pool }: { pool: PoolDetails }) {
  const payments = usePayments(paymentsPath(pool), true);
  const lines: PaymentLine[] = (payments.data?.entries ?? [])
    .flatMap((entry) =>
      [...entry.payments, ...entry.prizesPaidTo].map((record) => ({
        id: record.id,
        label: entry.label,
        date: record.updated_at,
        kind: record.type === 'payment' ? 'Payment' : 'Prize paid',
        amount: record.amount,
        notes: record.notes,
      })),
    )
    .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  return (
    <Card withBorder padding="md">
      <Title order={2} fz="md" mb="xs" id="payments-title">
        Payments and Prizes Paid
      </Title>
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
          No payments or prize payouts have been recorded yet.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer
            minWidth={560}
            visibleFrom="sm"
            tabIndex={0}
            aria-labelledby="payments-title"
          >
            <Table verticalSpacing={6} fz="sm" aria-labelledby="payments-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Username</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Notes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>{formatDate(line.date, 'M/D/YY')}</Table.Td>
                    <Table.Td>{line.label}</Table.Td>
                    <Table.Td>{line.kind}</Table.Td>
                    <Table.Td ta="right">{formatDollars(Math.abs(line.amount))}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.notes ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={6} hiddenFrom="sm">
            {lines.map((line) => (
              <Card
                key={line.id}
                withBorder
                padding="xs"
                component="section"
                aria-label={`${line.kind} ${line.label}`}
              >
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
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}
