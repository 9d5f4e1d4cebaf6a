import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { MONEY_MESSAGES, type PrizeSplitResponse } from '../../../../../core/contracts/pools';
import { formatDollars as cents, NO_REMAINING_PRIZES_MESSAGE } from '../../../../../core/money';
import { ApiError } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import { useProcessPrizeSplit } from '../../api/money';
import { SplitConfirmModal } from './split-confirm-modal';
import { SplitTable } from './split-table';
import { type PendingSplit, useSplitPlan } from './use-split-plan';

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

/** The prize money, the percentage, the table of shares and the confirmed split of a page of entrants. */
export function SplitForm({
  poolId,
  data,
  pager,
}: {
  poolId: number;
  data: PrizeSplitResponse;
  pager: ReactNode;
}) {
  const process = useProcessPrizeSplit();
  const split = useSplitPlan(data);
  const { percent, plan, big, totalShares, sharing, percentProblem, showButton } = split;
  const selectedOnFocus = useRef(false);
  const [pending, setPending] = useState<PendingSplit | null>(null);
  const [confirming, setConfirming] = useState(false);

  const open = () => {
    const planned = split.pendingSplit();
    if (!planned) return;
    setPending(planned);
    setConfirming(true);
  };

  const submit = (confirmed: PendingSplit) => {
    process.mutate(
      {
        poolId,
        percent: confirmed.percent,
        remaining: confirmed.remaining,
        shares: confirmed.shares,
        others: confirmed.others ? 'default' : 'none',
      },
      {
        onSuccess: (answer) => {
          notify({ title: MONEY_MESSAGES.splitDoneTitle, message: answer.message });
          split.reset();
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
              onChange={split.setPercent}
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
          <SplitTable
            entrants={data.entrants}
            totalShares={totalShares}
            shareOf={split.shareOf}
            setShare={split.setShare}
            awardOf={split.awardOf}
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
      <SplitConfirmModal
        opened={confirming}
        pending={pending}
        processing={process.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={submit}
      />
    </>
  );
}
