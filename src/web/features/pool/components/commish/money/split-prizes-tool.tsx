import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  MONEY_MESSAGES,
  type PoolDetails,
  type PoolViewer,
  type PrizeSplitResponse,
} from '../../../../../../core/contracts/pools';
import {
  formatDollars as cents,
  NO_REMAINING_PRIZES_MESSAGE,
  parseShare,
  planPrizeSplit,
} from '../../../../../../core/money';
import { ApiError } from '../../../../../lib/api';
import { notify } from '../../../../../lib/notify';
import { usePrizeSplit, useProcessPrizeSplit } from '../../../api/commish-money';
import { QueryState } from '../query-state';

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
  const split = usePrizeSplit(pool.id);
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
      {split.data && <SplitForm poolId={pool.id} data={split.data} />}
    </Stack>
  );
}

/** What the modal confirms, fixed when it opens so it reads the same while it fades out after the split. */
interface PendingSplit {
  percent: number;
  amount: number;
  remaining: number;
  awards: { id: string; label: string; amount: number }[];
  shares: { entryId: number; share: number }[];
}

function SplitForm({ poolId, data }: { poolId: number; data: PrizeSplitResponse }) {
  const process = useProcessPrizeSplit();
  const [percent, setPercent] = useState<string | number>(0);
  const [shares, setShares] = useState<Record<number, string | number>>({});
  const [pending, setPending] = useState<PendingSplit | null>(null);
  const [confirming, setConfirming] = useState(false);
  const shareOf = (entryId: number, fallback: number) => shares[entryId] ?? fallback;

  // The same plan the server makes, for display; the server recomputes it from the database.
  const plan = planPrizeSplit({
    remainingCents: data.remaining,
    percent: percent === '' ? 0 : percent,
    entrants: data.entrants.map((entrant) => ({
      id: String(entrant.entry_id),
      share: shareOf(entrant.entry_id, entrant.default_share),
    })),
  });
  const totalShares = data.entrants.reduce(
    (sum, entrant) => sum + parseShare(shareOf(entrant.entry_id, entrant.default_share)),
    0,
  );
  const amountOf = new Map(plan.ok ? plan.awards.map((award) => [Number(award.id), award.amount]) : []);
  const percentNumber = typeof percent === 'number' ? percent : Number(percent) || 0;
  const showButton = data.entrants.length > 0 && percentNumber !== 0;
  const labelOf = new Map(data.entrants.map((entrant) => [String(entrant.entry_id), entrant.label]));

  const open = () => {
    if (!plan.ok) return;
    setPending({
      percent: plan.percentHundredths / 100,
      amount: plan.amount,
      remaining: data.remaining,
      awards: plan.awards
        .filter((award) => award.amount > 0)
        .map((award) => ({ id: award.id, label: labelOf.get(award.id) ?? '', amount: award.amount })),
      shares: data.entrants.map((entrant) => ({
        entryId: entrant.entry_id,
        share: parseShare(shareOf(entrant.entry_id, entrant.default_share)),
      })),
    });
    setConfirming(true);
  };

  const submit = (split: PendingSplit) => {
    process.mutate(
      { poolId, percent: split.percent, remaining: split.remaining, shares: split.shares },
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
      onChange={(value) => setShares((all) => ({ ...all, [entrant.entry_id]: value }))}
    />
  );
  const livesText = (entrant: PrizeSplitResponse['entrants'][number]) =>
    entrant.alive ? String(entrant.lives) : 'Eliminated';

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
      {data.entrants.length === 0 ? (
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
              clampBehavior="strict"
              allowNegative={false}
              value={percent}
              onChange={setPercent}
              w={260}
            />
            <Text size="sm" pb={6}>
              Splitting <b>{plan.ok ? cents(plan.amount) : cents(0)}</b> of {cents(data.remaining)} among{' '}
              {totalShares.toLocaleString('en-US')} {totalShares === 1 ? 'share' : 'shares'}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm" tabIndex={0} aria-label="Split table">
            <Table verticalSpacing={4} fz="sm" aria-label="Prize split by entrant">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Entry</Table.Th>
                  <Table.Th ta="right">Lives</Table.Th>
                  <Table.Th ta="right">Prizes to Date</Table.Th>
                  <Table.Th>Split Share</Table.Th>
                  <Table.Th ta="right">Total Shares</Table.Th>
                  <Table.Th ta="right">Prize to Be Awarded</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entrants.map((entrant) => (
                  <Table.Tr key={entrant.entry_id}>
                    <Table.Td fw={600}>{entrant.label}</Table.Td>
                    <Table.Td ta="right">{livesText(entrant)}</Table.Td>
                    <Table.Td ta="right">{cents(entrant.prizes)}</Table.Td>
                    <Table.Td>{shareInput(entrant)}</Table.Td>
                    <Table.Td ta="right">{totalShares.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {cents(amountOf.get(entrant.entry_id) ?? 0)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={6} hiddenFrom="sm">
            {data.entrants.map((entrant) => (
              <Card
                key={entrant.entry_id}
                withBorder
                padding="xs"
                component="section"
                aria-label={`Split of ${entrant.label}`}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {entrant.label}
                  </Text>
                  <Text size="sm" fw={700}>
                    {cents(amountOf.get(entrant.entry_id) ?? 0)}
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
            ))}
          </Stack>
          {showButton && !plan.ok && plan.reason !== 'no_remaining' && (
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
              {cents(pending.remaining)} remaining) to {pending.awards.length}{' '}
              {pending.awards.length === 1 ? 'entrant' : 'entrants'}:
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
