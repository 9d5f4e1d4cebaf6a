import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import {
  MONEY_MESSAGES,
  type PoolDetails,
  type PoolViewer,
  type PrizeSplitResponse,
} from '../../../../../core/contracts/pools';
import {
  formatDollars as cents,
  NO_REMAINING_PRIZES_MESSAGE,
  parseShare,
  planPrizeSplit,
  planSplitTotals,
} from '../../../../../core/money';
import { QueryState } from '../../../../components/query-state';
import { ResponsiveTable } from '../../../../components/responsive-table';
import { ApiError } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import { usePrizeSplit, useProcessPrizeSplit } from '../../api/money';

/** The server's message, or 'unknown error' when it sent none (or could not be reached). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && !error.message.startsWith('Request failed (')) {
    return error.message;
  }
  return 'unknown error';
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="xs" component="section" aria-label={label}>
      <Text size="xs" c="dark.4" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'sm', xs: 'lg' }} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * The Commish tools' Split Prizes: a percentage of the remaining prizes divided among entries by share (share /
 * total shares, exact cents). The page mirrors the server's plan for display; the server recomputes it all.
 */
export function SplitPrizesTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [aliveOnly, setAliveOnly] = useState(false);
  const [q] = useDebouncedValue(search.trim(), 300);
  const split = usePrizeSplit(pool.id, {
    page,
    pageSize: PAGE_SIZE,
    q,
    alive: aliveOnly ? 'true' : undefined,
  });
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>Split Prizes</Title>
        <Text size="sm" c="dark.4">
          Award a percentage of the remaining prize pool to entrants: each gets share ÷ total shares of it.
          The split is added to league finances and posted to the pool's news feed.
        </Text>
      </div>
      <QueryState
        query={split}
        loading="Loading the prize split"
        failed="The prize split could not be loaded"
      />
      {split.data && (
        <SplitForm
          poolId={pool.id}
          data={split.data}
          pager={
            split.data.active_entries > PAGE_SIZE ? (
              <Stack gap="xs">
                <Group gap="sm" wrap="wrap" align="flex-end">
                  <TextInput
                    label="Search entries"
                    placeholder="Username"
                    w={240}
                    value={search}
                    onChange={(event) => {
                      setSearch(event.currentTarget.value);
                      setPage(1);
                    }}
                  />
                  <Checkbox
                    label="Entries still alive only"
                    checked={aliveOnly}
                    onChange={(event) => {
                      setAliveOnly(event.currentTarget.checked);
                      setPage(1);
                    }}
                    pb={8}
                  />
                </Group>
                {split.data.total > PAGE_SIZE && (
                  <Pagination
                    size="sm"
                    value={page}
                    onChange={setPage}
                    total={Math.ceil(split.data.total / PAGE_SIZE)}
                    getControlProps={(control) => ({ 'aria-label': `${control} page of entries` })}
                  />
                )}
                {split.data.total > SPLIT_NAME_ORDER_MAX && (
                  <Text size="xs" c="dark.4">
                    Over 10,000 entries are listed in sign-up order: search a username to list them by name.
                  </Text>
                )}
              </Stack>
            ) : null
          }
        />
      )}
    </Stack>
  );
}

/** Entries a page of the table shows; a pool with more is split by default shares and searched on the server. */
const PAGE_SIZE = 50;
/** Past this many matching entries the server lists the table in sign-up order (decision 013). */
const SPLIT_NAME_ORDER_MAX = 10_000;

/** What the modal confirms, fixed when it opens so it reads the same while it fades out after the split. */
interface PendingSplit {
  percent: number;
  amount: number;
  remaining: number;
  /** The awards the modal lists (a big pool's: the shares edited, first 100). */
  awards: { id: string; label: string; amount: number }[];
  shares: { entryId: number; share: number }[];
  /** Every other active entry takes its default share (a pool bigger than a page). */
  others: boolean;
  /** How many entries the split awards. */
  count: number;
}

/** A share typed on some page of a big pool's table, with the entry's default share and label. */
interface EditedShare {
  value: string | number;
  defaultShare: number;
  label: string;
}

function SplitForm({
  poolId,
  data,
  pager,
}: {
  poolId: number;
  data: PrizeSplitResponse;
  pager: React.ReactNode;
}) {
  const process = useProcessPrizeSplit();
  const [percent, setPercent] = useState<string | number>(0);
  const selectedOnFocus = useRef(false);
  const [shares, setShares] = useState<Record<number, EditedShare>>({});
  const [pending, setPending] = useState<PendingSplit | null>(null);
  const [confirming, setConfirming] = useState(false);
  const shareOf = (entryId: number, fallback: number) => shares[entryId]?.value ?? fallback;
  // A pool bigger than a page: every entry not edited keeps its default share (1 alive, 0 eliminated), and
  // the server adds up and divides the shares of the whole pool.
  const big = data.active_entries > PAGE_SIZE;
  const edited = Object.entries(shares).map(([id, edit]) => ({
    entryId: Number(id),
    share: parseShare(edit.value),
    ...edit,
  }));

  // The same plan the server makes, for display; the server recomputes it from the database.
  const small = planPrizeSplit({
    remainingCents: data.remaining,
    percent: percent === '' ? 0 : percent,
    entrants: data.entrants.map((entrant) => ({
      id: String(entrant.entry_id),
      share: shareOf(entrant.entry_id, entrant.default_share),
    })),
  });
  const totalShares = big
    ? data.alive_entries + edited.reduce((sum, edit) => sum + edit.share - edit.defaultShare, 0)
    : data.entrants.reduce(
        (sum, entrant) => sum + parseShare(shareOf(entrant.entry_id, entrant.default_share)),
        0,
      );
  const sharing = big
    ? data.alive_entries +
      edited.reduce((sum, edit) => sum + Number(edit.share > 0) - Number(edit.defaultShare > 0), 0)
    : 0;
  const plan = big
    ? planSplitTotals({
        remainingCents: data.remaining,
        percent: percent === '' ? 0 : percent,
        entrants: data.active_entries,
        totalShares,
      })
    : small;
  const amountOf = new Map(
    small.ok && !big ? small.awards.map((award) => [Number(award.id), award.amount]) : [],
  );
  // A big pool's parts are shown to the cent rounded down; the server gives the leftover cents out.
  const partOf = (entryId: number, share: number) =>
    big
      ? plan.ok && totalShares > 0
        ? Math.floor((plan.amount * share) / totalShares)
        : 0
      : (amountOf.get(entryId) ?? 0);
  const percentNumber = typeof percent === 'number' ? percent : Number(percent) || 0;
  const percentProblem = !plan.ok && plan.reason === 'invalid_percent' ? plan.message : undefined;
  const showButton = data.active_entries > 0 && data.entrants.length > 0 && percentNumber !== 0;
  const labelOf = new Map(data.entrants.map((entrant) => [String(entrant.entry_id), entrant.label]));

  const open = () => {
    if (!plan.ok) return;
    setPending(
      big
        ? {
            percent: plan.percentHundredths / 100,
            amount: plan.amount,
            remaining: data.remaining,
            awards: edited
              .filter((edit) => edit.share > 0)
              .slice(0, 100)
              .map((edit) => ({
                id: String(edit.entryId),
                label: edit.label,
                amount: partOf(edit.entryId, edit.share),
              })),
            shares: edited.map((edit) => ({ entryId: edit.entryId, share: edit.share })),
            others: true,
            count: sharing,
          }
        : {
            percent: plan.percentHundredths / 100,
            amount: plan.amount,
            remaining: data.remaining,
            awards: small.ok
              ? small.awards
                  .filter((award) => award.amount > 0)
                  .map((award) => ({
                    id: award.id,
                    label: labelOf.get(award.id) ?? '',
                    amount: award.amount,
                  }))
              : [],
            shares: data.entrants.map((entrant) => ({
              entryId: entrant.entry_id,
              share: parseShare(shareOf(entrant.entry_id, entrant.default_share)),
            })),
            others: false,
            count: small.ok ? small.awards.filter((award) => award.amount > 0).length : 0,
          },
    );
    setConfirming(true);
  };

  const submit = (split: PendingSplit) => {
    process.mutate(
      {
        poolId,
        percent: split.percent,
        remaining: split.remaining,
        shares: split.shares,
        others: split.others ? 'default' : 'none',
      },
      {
        onSuccess: (answer) => {
          notify({ title: MONEY_MESSAGES.splitDoneTitle, message: answer.message });
          setPercent(0);
          setShares({});
          setConfirming(false);
        },
        onError: (error) => {
          setConfirming(false);
          notify({
            title: MONEY_MESSAGES.splitErrorTitle,
            message: MONEY_MESSAGES.splitErrorBody(failureText(error)),
            color: 'red',
          });
        },
      },
    );
  };

  const shareInput = (entrant: PrizeSplitResponse['entrants'][number]) => (
    <NumberInput
      aria-label={`Split share of ${entrant.label}`}
      min={0}
      step={1}
      decimalScale={4}
      allowNegative={false}
      size="xs"
      w={96}
      value={shareOf(entrant.entry_id, entrant.default_share)}
      onChange={(value) =>
        setShares((all) => ({
          ...all,
          [entrant.entry_id]: { value, defaultShare: entrant.default_share, label: entrant.label },
        }))
      }
    />
  );
  const livesText = (entrant: PrizeSplitResponse['entrants'][number]) =>
    entrant.alive ? String(entrant.lives) : 'Eliminated';
  const awardOf = (entrant: PrizeSplitResponse['entrants'][number]) =>
    cents(partOf(entrant.entry_id, parseShare(shareOf(entrant.entry_id, entrant.default_share))));
  const right = { ta: 'right' } as const;

  return (
    <>
      <SimpleGrid cols={3} spacing="xs">
        <Tile label="Prize pool" value={cents(data.prize_pool)} />
        <Tile label="Awarded to date" value={cents(data.awarded)} />
        <Tile label="Remaining prizes" value={cents(data.remaining)} />
      </SimpleGrid>
      {!data.has_remaining && (
        <Alert color="red" role="alert">
          {NO_REMAINING_PRIZES_MESSAGE}
        </Alert>
      )}
      {data.active_entries === 0 ? (
        <Alert color="gray" title="No entrants to split prizes among">
          Prizes can be split once the pool has active entrants.
        </Alert>
      ) : (
        <>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label="Percentage of remaining prizes"
              description="0 to 100, step 0.01"
              suffix="%"
              min={0}
              max={100}
              step={0.01}
              decimalScale={2}
              // Kept as typed (typing 10 after the 15 shown makes 1510, refused in words, never dropped) and
              // selected on focus so what is typed replaces it.
              clampBehavior="none"
              allowNegative={false}
              value={percent}
              onChange={setPercent}
              onFocus={(event) => {
                // After the number field's own caret placement on focus, which would drop a selection.
                const field = event.currentTarget;
                const shown = field.value;
                // Not when something was typed meanwhile: selecting it would let the next key replace it.
                window.setTimeout(() => {
                  if (field.value === shown) field.select();
                }, 0);
                selectedOnFocus.current = true;
              }}
              // The click that focused the field would put the caret back and drop the selection.
              onMouseUp={(event) => {
                if (selectedOnFocus.current) event.preventDefault();
                selectedOnFocus.current = false;
              }}
              error={percentProblem}
              w={260}
            />
            <Text size="sm" pb={6}>
              Splitting <b>{plan.ok ? cents(plan.amount) : cents(0)}</b> of {cents(data.remaining)} among{' '}
              {totalShares.toLocaleString('en-US')} {totalShares === 1 ? 'share' : 'shares'}
              {big && ` (${sharing.toLocaleString('en-US')} entries)`}
            </Text>
          </Group>
          {big && (
            <Text size="sm" c="dark.4">
              This pool has {data.active_entries.toLocaleString('en-US')} active entries: each one still alive
              has a share of 1 and each eliminated one 0 unless you change it below. Amounts are shown rounded
              down; the leftover cents go to the largest remainders.
            </Text>
          )}
          {pager}
          <ResponsiveTable
            rows={data.entrants}
            rowKey={(entrant) => entrant.entry_id}
            minWidth={640}
            scroll={{ tabIndex: 0, 'aria-label': 'Split table' }}
            table={{ verticalSpacing: 4, fz: 'sm', 'aria-label': 'Prize split by entrant' }}
            columns={[
              { key: 'entry', header: 'Entry', td: { fw: 600 }, cell: (entrant) => entrant.label },
              { key: 'lives', header: 'Lives', th: right, td: right, cell: livesText },
              {
                key: 'prizes',
                header: 'Prizes to Date',
                th: right,
                td: right,
                cell: (entrant) => cents(entrant.prizes),
              },
              { key: 'share', header: 'Split Share', cell: shareInput },
              {
                key: 'shares',
                header: 'Total Shares',
                th: right,
                td: right,
                cell: () => totalShares.toLocaleString('en-US'),
              },
              {
                key: 'prize',
                header: 'Prize to Be Awarded',
                th: right,
                td: { ta: 'right', fw: 600 },
                cell: awardOf,
              },
            ]}
            cards={{ gap: 6 }}
            card={(entrant) => (
              <Card withBorder padding="xs" component="section" aria-label={`Split of ${entrant.label}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {entrant.label}
                  </Text>
                  <Text size="sm" fw={700}>
                    {awardOf(entrant)}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
                  <Text size="xs" c="dark.4">
                    {entrant.alive
                      ? `${entrant.lives} ${entrant.lives === 1 ? 'life' : 'lives'}`
                      : 'Eliminated'}{' '}
                    · {cents(entrant.prizes)} to date
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dark.4">
                      Share
                    </Text>
                    {shareInput(entrant)}
                  </Group>
                </Group>
              </Card>
            )}
          />
          {showButton && !plan.ok && plan.reason !== 'no_remaining' && !percentProblem && (
            <Alert color="orange" role="status">
              {plan.message}
            </Alert>
          )}
          {showButton && (
            <Button
              color="red"
              style={{ alignSelf: 'flex-start' }}
              disabled={!data.has_remaining || !plan.ok || plan.amount === 0}
              onClick={open}
            >
              PROCESS SPLIT
            </Button>
          )}
        </>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Process Prize Split?"
        centered
        transitionProps={{ duration: 1000 }}
      >
        {pending && (
          <Stack gap="sm">
            <Text size="sm">
              You are about to award <b>{cents(pending.amount)}</b> ({pending.percent}% of the{' '}
              {cents(pending.remaining)} remaining) to {pending.count.toLocaleString('en-US')}{' '}
              {pending.count === 1 ? 'entrant' : 'entrants'}
              {pending.others
                ? pending.awards.length > 0
                  ? ', among them the shares you changed:'
                  : ' by their default shares.'
                : ':'}
            </Text>
            <List
              size="sm"
              spacing={2}
              tabIndex={0}
              aria-label="Awards"
              style={{ maxHeight: 240, overflowY: 'auto' }}
            >
              {pending.awards.map((award) => (
                <List.Item key={award.id}>
                  {award.label}: {cents(award.amount)}
                </List.Item>
              ))}
            </List>
            <Text size="sm">
              This split updates league finances (each amount is added to the entrant's prizes) and posts an
              update to the pool's news feed. It cannot be undone.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                GO BACK
              </Button>
              <Button color="red" loading={process.isPending} onClick={() => submit(pending)}>
                PROCESS SPLIT
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
