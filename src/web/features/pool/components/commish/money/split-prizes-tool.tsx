import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
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
import { ApiError, errorMessage } from '../../../../../lib/api';
import { notify } from '../../../../../lib/notify';
import { usePrizeSplit, useProcessPrizeSplit } from '../../../api/commish-money';

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
      <Text fw={700} fz="lg">
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
      {split.isLoading && (
        <Center py="lg">
          <Loader role="status" aria-label="Loading the prize split" />
        </Center>
      )}
      {split.isError && (
        <Alert color="red" role="alert" title="The prize split could not be loaded">
          {errorMessage(split.error)}
        </Alert>
      )}
      {split.data && <SplitForm poolId={pool.id} data={split.data} />}
    </Stack>
  );
}

function SplitForm({ poolId, data }: { poolId: number; data: PrizeSplitResponse }) {
  const process = useProcessPrizeSplit();
  const [percent, setPercent] = useState<string | number>(0);
  const [shares, setShares] = useState<Record<number, string | number>>({});
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
  const awarded = plan.ok ? plan.awards.filter((award) => award.amount > 0) : [];
  const labelOf = new Map(data.entrants.map((entrant) => [String(entrant.entry_id), entrant.label]));

  const submit = () => {
    process.mutate(
      {
        poolId,
        percent: percentNumber,
        remaining: data.remaining,
        shares: data.entrants.map((entrant) => ({
          entryId: entrant.entry_id,
          share: parseShare(shareOf(entrant.entry_id, entrant.default_share)),
        })),
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

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
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
              w={220}
            />
            <Text size="sm" pb={6}>
              Splitting <b>{plan.ok ? cents(plan.amount) : cents(0)}</b> of {cents(data.remaining)}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={640} tabIndex={0} aria-label="Split table">
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
                    <Table.Td ta="right">{entrant.alive ? entrant.lives : 'Eliminated'}</Table.Td>
                    <Table.Td ta="right">{cents(entrant.prizes)}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td ta="right">{totalShares.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {cents(amountOf.get(entrant.entry_id) ?? 0)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
              onClick={() => setConfirming(true)}
            >
              PROCESS SPLIT
            </Button>
          )}
        </>
      )}
      <Modal
        opened={confirming && plan.ok}
        onClose={() => setConfirming(false)}
        title="Process Prize Split?"
        centered
        transitionProps={{ duration: 1000 }}
      >
        {plan.ok && (
          <Stack gap="sm">
            <Text size="sm">
              You are about to award <b>{cents(plan.amount)}</b> ({plan.percentHundredths / 100}% of the{' '}
              {cents(data.remaining)} remaining) to {awarded.length}{' '}
              {awarded.length === 1 ? 'entrant' : 'entrants'}:
            </Text>
            <List size="sm" spacing={2} style={{ maxHeight: 240, overflowY: 'auto' }}>
              {awarded.map((award) => (
                <List.Item key={award.id}>
                  {labelOf.get(award.id)}: {cents(award.amount)}
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
              <Button color="red" loading={process.isPending} onClick={submit}>
                PROCESS SPLIT
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
