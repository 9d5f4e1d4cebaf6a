import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import {
  AddPaymentRequestSchema,
  exportPaths,
  MONEY_MESSAGES,
  PAYMENT_NOTES_MAX,
  PAYMENT_TYPE_LABELS,
  PaymentAmountSchema,
  type PaymentRecord,
  type PaymentType,
  type PoolDetails,
  type PoolViewer,
} from '../../../../../core/contracts/pools';
import { QueryState } from '../../../../components/query-state';
import { ApiError } from '../../../../lib/api';
import { formatDate, formatDollars } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { paymentsPath, useFinances, usePayments } from '../../../../lib/pool-api/finances';
import { useAddPayment } from '../../api/money';
import { ExportButton } from '../exports/export-button';

const MESSAGE_MS = 3000;
/** How many entrants the picker offers at a time: typing searches the pool's entrants on the server. */
const PICKER_SIZE = 25;

const TYPE_OPTIONS = (Object.keys(PAYMENT_TYPE_LABELS) as PaymentType[]).map((value) => ({
  value,
  label: PAYMENT_TYPE_LABELS[value],
}));

/** The server's message, or 'unknown error' when it sent none (or could not be reached). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && !error.message.startsWith('Request failed (')) {
    return error.message;
  }
  return 'unknown error';
}

const TYPED_AMOUNT_ISSUES: string[] = [MONEY_MESSAGES.amountNegative, MONEY_MESSAGES.amountDecimals];

/**
 * A minus sign or a third decimal in the typed amount, said while typing (other problems, like "12." half
 * typed, wait for Submit).
 */
function amountIssue(amount: string | number): string | null {
  const parsed = PaymentAmountSchema.safeParse(typeof amount === 'number' ? String(amount) : amount);
  const message = parsed.success ? null : parsed.error.issues[0].message;
  return message !== null && TYPED_AMOUNT_ISSUES.includes(message) ? message : null;
}

/** One list of the selected entry's records: Date Entered (M/D/YY), Amount, Memo, oldest first. */
function RecordsTable({ title, records, empty }: { title: string; records: PaymentRecord[]; empty: string }) {
  const id = `records-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const total = records.reduce((sum, record) => sum + Math.abs(record.amount), 0);
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb={6} wrap="wrap" gap={4}>
        <Title order={4} fz="sm" id={id}>
          {title}
        </Title>
        <Text size="sm" fw={600}>
          Total {formatDollars(total)}
        </Text>
      </Group>
      {records.length === 0 ? (
        <Text size="sm" c="dark.4">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300} tabIndex={0} aria-labelledby={id}>
          <Table verticalSpacing={4} fz="sm" aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date Entered</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Memo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((record) => (
                <Table.Tr key={record.id}>
                  <Table.Td>{formatDate(record.updated_at, 'M/D/YY')}</Table.Td>
                  <Table.Td ta="right">{formatDollars(Math.abs(record.amount))}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{record.notes ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/**
 * The Commish tools' Finances: record a payment from an entrant or a prize paid to one (dollars and cents,
 * stored as cents in the ledger), and see the selected entrant's payments and prizes paid. The pool's Finances
 * tab adds these up in its Paid and Prizes Paid To columns.
 */
export function CommishFinancesTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const [entryId, setEntryId] = useState<string | null>(null);
  const [selectedLabel, setSelectedLabel] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // Typing the chosen label back into the box is not a search.
  const [q] = useDebouncedValue(search === selectedLabel ? '' : search.trim(), 300);
  const picker = useFinances(pool.id, { q, pageSize: PICKER_SIZE });
  const records = usePayments(
    paymentsPath(pool),
    { entry: entryId ?? undefined, pageSize: 100 },
    entryId !== null,
  );
  const addPayment = useAddPayment();
  const [type, setType] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | number>('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per payment: a double submit or a retry of it is recorded once; a recorded payment takes a new key.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => setProblem(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  const amountProblem = amount === '' ? null : amountIssue(amount);

  const options = (picker.data?.rows ?? []).map((row) => ({ value: String(row.entry_id), label: row.label }));
  // The chosen entrant stays an option when a later search leaves it out.
  if (entryId !== null && selectedLabel !== null && !options.some((option) => option.value === entryId)) {
    options.unshift({ value: entryId, label: selectedLabel });
  }
  const selected =
    entryId !== null && selectedLabel !== null
      ? {
          label: selectedLabel,
          payments: (records.data?.records ?? []).filter((record) => record.type === 'payment').reverse(),
          prizesPaidTo: (records.data?.records ?? []).filter((record) => record.type === 'prize').reverse(),
        }
      : null;

  const submit = () => {
    const body = {
      user_season_id: entryId ?? undefined,
      amount: amount === '' ? undefined : String(amount),
      type: type ?? undefined,
      notes,
      pool_id: pool.id,
      request_key: requestKey,
    };
    const parsed = AddPaymentRequestSchema.safeParse(body);
    if (!parsed.success) {
      const message = parsed.error.issues[0].message;
      // A problem the Amount field already says under itself is not said twice.
      return setProblem(message === amountProblem ? null : message);
    }
    setProblem(null);
    const label = selected?.label ?? '';
    addPayment.mutate(body, {
      onSuccess: (answer) => {
        notify({
          title: MONEY_MESSAGES.financesUpdatedTitle,
          message: MONEY_MESSAGES.financesUpdatedBody(answer.entry || label),
        });
        // The entrant stays selected so the new record shows in the tables below.
        setRequestKey(newRequestKey());
        setType(null);
        setAmount('');
        setNotes('');
      },
      onError: (error) =>
        notify({
          title: MONEY_MESSAGES.financesErrorTitle,
          message: MONEY_MESSAGES.financesErrorBody(failureText(error)),
          color: 'red',
        }),
    });
  };

  return (
    <Stack gap="md">
      <div>
        <Group justify="space-between" gap="xs">
          <Title order={3}>Finances</Title>
          <Group gap="xs">
            <ExportButton href={exportPaths.finances(pool.id)} fileName="finances.csv">
              Finances CSV
            </ExportButton>
            <ExportButton href={exportPaths.ledger(pool.id)} fileName="ledger.csv">
              Ledger CSV
            </ExportButton>
          </Group>
        </Group>
        <Text size="sm" c="dark.4">
          Record money an entrant paid you, or a prize you paid out to an entrant. The Finances tab adds them
          up in its Paid and Prizes Paid To columns.
        </Text>
      </div>
      <QueryState query={picker} loading="Loading entrants" failed="The entrants could not be loaded" />
      {picker.data && picker.data.entries === 0 && (
        <Alert color="gray" title="No entrants yet">
          Payments can be recorded once someone has entered this pool.
        </Alert>
      )}
      {picker.data && picker.data.entries > 0 && (
        <>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm" maw={760}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label="User"
                  placeholder="Select an entrant"
                  searchable
                  nothingFoundMessage={picker.isFetching ? 'Searching…' : 'No entrant by that name'}
                  data={options}
                  // The server searches the pool's entrants: every option it answers is shown.
                  filter={({ options: all }) => all}
                  searchValue={search}
                  onSearchChange={setSearch}
                  value={entryId}
                  onChange={(value, option) => {
                    setEntryId(value);
                    setSelectedLabel(value === null ? null : (option?.label ?? null));
                  }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  label="Transaction type"
                  placeholder="Payment from or prize paid to"
                  data={TYPE_OPTIONS}
                  value={type}
                  onChange={setType}
                />
                <NumberInput
                  label="Amount"
                  placeholder="0.00"
                  description="Dollars and cents, more than $0.00"
                  prefix="$"
                  step={0.01}
                  thousandSeparator=","
                  // A minus sign or a third decimal stays as typed (no clamping to a minimum on blur either),
                  // and the message below says why it is refused: dropping them would record -12.345 as
                  // $12.34 without a word.
                  clampBehavior="none"
                  value={amount}
                  onChange={setAmount}
                  error={amountProblem}
                />
                <TextInput
                  label="Notes"
                  placeholder="Venmo, check #, cash..."
                  maxLength={PAYMENT_NOTES_MAX}
                  value={notes}
                  onChange={(event) => setNotes(event.currentTarget.value)}
                />
              </SimpleGrid>
              {problem && (
                <Alert color="red" role="alert">
                  {problem}
                </Alert>
              )}
              <Button type="submit" loading={addPayment.isPending} style={{ alignSelf: 'flex-start' }}>
                Submit
              </Button>
            </Stack>
          </form>
          {selected ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              <RecordsTable
                title={`Payments from ${selected.label}`}
                records={selected.payments}
                empty="No payments recorded yet."
              />
              <RecordsTable
                title={`Prizes paid to ${selected.label}`}
                records={selected.prizesPaidTo}
                empty="No prizes paid out yet."
              />
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dark.4">
              Select a user to see their payments and prizes paid.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

/** A random key of 32 hex digits (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
