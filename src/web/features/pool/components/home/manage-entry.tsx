import { Alert, Badge, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { INSURANCE_OPTION } from '../../../../../core/bonus/options';
import type {
  EntryActionsResponse,
  MyEntry,
  PoolDetails,
  PoolViewer,
} from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { formatDate, formatDollars } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import {
  useBuyInsurance,
  useEntryActions,
  useRebuy,
  useToggleAutoRebuy,
  useToggleBonus,
} from '../../api/entry-actions';

// The confirmation modal (and the modal code it brings) loads when an action is chosen.
const ConfirmActionModal = lazy(() =>
  import('./manage-entry/confirm-action-modal').then((module) => ({ default: module.ConfirmActionModal })),
);

type Action = 'rebuy' | 'bonus' | 'autoRebuy' | 'insurance';

/**
 * Manage Your Entry: the active entry's bonus pool, auto-rebuy, insurance and rebuy prompt, each
 * behind a confirmation. Only league members with an entry see it.
 */
export function ManageEntryCard({
  pool,
  viewer,
  activeEntry,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  if (!activeEntry || !(viewer.is_member || viewer.is_league_admin)) return null;
  return <ManageEntry pool={pool} entry={activeEntry} />;
}

function ManageEntry({ pool, entry }: { pool: PoolDetails; entry: MyEntry }) {
  const state = useEntryActions(entry.id);
  const [action, setAction] = useState<Action | null>(null);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="manage-entry-title">
      <Title order={2} fz="md" mb="xs" id="manage-entry-title">
        Manage Your Entry · {entry.label}
      </Title>
      {state.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-label="Loading your entry" />
          <Text size="sm">Loading your entry ...</Text>
        </Group>
      ) : state.isError ? (
        <Alert color="red" role="alert" title="Could not load your entry">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(state.error)}</Text>
            <Button size="xs" variant="default" onClick={() => state.refetch()}>
              TRY AGAIN
            </Button>
          </Stack>
        </Alert>
      ) : (
        <EntryControls pool={pool} data={state.data} onAction={setAction} />
      )}
      {action && state.data && (
        <Suspense fallback={null}>
          <ActionModal
            action={action}
            pool={pool}
            entry={entry}
            data={state.data}
            onClose={() => setAction(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}

function EntryControls({
  pool,
  data,
  onAction,
}: {
  pool: PoolDetails;
  data: EntryActionsResponse;
  onAction: (action: Action) => void;
}) {
  const { bonus, auto_rebuy: autoRebuy, insurance, rebuy } = data;
  const sections: ReactNode[] = [];
  if (rebuy.needed) {
    sections.push(
      <Alert key="rebuy" color="yellow" variant="light" title="Your entry needs a rebuy">
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dark.7">
            {rebuyPrompt(data)}
          </Text>
          {rebuy.can_rebuy ? (
            <Button size="sm" onClick={() => onAction('rebuy')}>
              REBUY ({formatDollars(rebuy.price)})
            </Button>
          ) : (
            <Text size="sm" fw={600} c="dark.7">
              {rebuy.reason}
            </Text>
          )}
        </Stack>
      </Alert>,
    );
  }
  if (bonus.offered) {
    sections.push(
      <SwitchRow
        key="bonus"
        label="Bonus pool"
        on={bonus.next}
        status={bonus.next ? 'IN' : 'OUT'}
        fromWeek={bonus.next !== bonus.now ? bonus.effective_week : null}
        detail={`Entry cadence: ${bonus.cadence_label}. Changes take effect in Week ${bonus.effective_week}.`}
        button={bonus.next ? 'LEAVE BONUS POOL' : 'JOIN BONUS POOL'}
        allowed={bonus.can_toggle}
        reason={bonus.reason}
        onClick={() => onAction('bonus')}
      />,
    );
  }
  if (autoRebuy.offered) {
    sections.push(
      <SwitchRow
        key="autoRebuy"
        label="Auto-rebuy"
        on={autoRebuy.next}
        status={autoRebuy.next ? 'ON' : 'OFF'}
        fromWeek={autoRebuy.next !== autoRebuy.now ? autoRebuy.effective_week : null}
        detail={`A loss that leaves lives is rebought at once for ${formatDollars(pool.rebuy_price)}. Changes take effect in Week ${autoRebuy.effective_week}.`}
        button={autoRebuy.next ? 'TURN OFF AUTO-REBUY' : 'TURN ON AUTO-REBUY'}
        allowed={autoRebuy.can_toggle}
        reason={autoRebuy.reason}
        onClick={() => onAction('autoRebuy')}
      />,
    );
  }
  if (insurance.offered) {
    sections.push(
      <Stack key="insurance" gap={6}>
        <Text size="sm" fw={700}>
          Pick insurance
        </Text>
        {insurance.purchased ? (
          <>
            <Badge size="lg" color="green.9" leftSection={<IconShieldCheck size={16} aria-hidden />}>
              YOUR PICKS ARE INSURED
            </Badge>
            {/* Bought after a deadline of the season, it covers from the week after it. */}
            {data.live_week > 0 && insurance.effective_week > data.live_week && (
              <Text size="sm" c="dark.4">
                Applies from Week {insurance.effective_week}.
              </Text>
            )}
          </>
        ) : (
          <>
            <Text size="sm" c="dark.4">
              A missed pick is filled with{' '}
              {pool.insurance_option === INSURANCE_OPTION.mostPopular ? 'the most popular' : 'a random'} pick
              for the rest of the season.
              {data.live_week > 0 && ` Bought now, it applies from Week ${insurance.effective_week}.`} Not
              refundable.
            </Text>
            {insurance.can_buy ? (
              <Button size="sm" onClick={() => onAction('insurance')}>
                BUY INSURANCE ({formatDollars(insurance.price)})
              </Button>
            ) : (
              <Text size="sm" c="dark.6">
                {insurance.reason}
              </Text>
            )}
          </>
        )}
      </Stack>,
    );
  }
  if (sections.length === 0) {
    return (
      <Text size="sm" c="dark.4">
        This pool has no bonus pool, auto-rebuy or insurance to manage.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {sections.flatMap((section, index) =>
        index === 0 ? [section] : [<Divider key={`d${index}`} />, section],
      )}
    </Stack>
  );
}

/**
 * One switch, read as one state: the setting the owner chose (the button flips that same setting), with
 * the week it takes effect while it is still pending.
 */
function SwitchRow(props: {
  label: string;
  on: boolean;
  status: string;
  /** The week a pending change takes effect; null when the setting already applies. */
  fromWeek: number | null;
  detail: string;
  button: string;
  allowed: boolean;
  reason: string | null;
  onClick: () => void;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={700}>
          {props.label}
        </Text>
        <Badge color={props.on ? 'green.9' : 'gray.7'} style={{ flexShrink: 0 }}>
          {props.fromWeek === null ? props.status : `${props.status} from Week ${props.fromWeek}`}
        </Badge>
      </Group>
      <Text size="sm" c="dark.4">
        {props.detail}
      </Text>
      {props.allowed ? (
        <Button size="sm" variant="default" onClick={props.onClick}>
          {props.button}
        </Button>
      ) : (
        <Text size="sm" c="dark.6">
          {props.reason}
        </Text>
      )}
    </Stack>
  );
}

function rebuyPrompt(data: EntryActionsResponse): string {
  const { rebuy } = data;
  const price = formatDollars(rebuy.price);
  if (rebuy.week === null) return `Rebuy for ${price} to keep playing.`;
  const when = rebuy.deadline ? ` (${formatDate(rebuy.deadline, 'M/D/YY h:mm A')})` : '';
  return `You lost a life. Rebuy for ${price} before Week ${rebuy.week} locks${when}, or your entry is eliminated then.`;
}

/** The confirmation of the chosen action, with the spec's toasts on success. */
function ActionModal({
  action,
  pool,
  entry,
  data,
  onClose,
}: {
  action: Action;
  pool: PoolDetails;
  entry: MyEntry;
  data: EntryActionsResponse;
  onClose: () => void;
}) {
  const rebuy = useRebuy();
  const bonus = useToggleBonus();
  const autoRebuy = useToggleAutoRebuy();
  const insurance = useBuyInsurance();
  const done = (title: string) => (answer: { message: string }) => {
    notify({ title, message: answer.message });
    onClose();
  };
  const week = data.bonus.effective_week;
  switch (action) {
    case 'rebuy':
      return (
        <ConfirmActionModal
          title="Rebuy"
          text={`You are rebuying ${entry.label} for ${formatDollars(data.rebuy.price)} and keep playing in Week ${data.rebuy.week ?? week}.`}
          confirmLabel="CONFIRM REBUY"
          pending={rebuy.isPending}
          error={rebuy.error}
          onClose={onClose}
          onConfirm={() =>
            rebuy.mutate(
              { userSeason: entry.id, game: pool.game, season: pool.season, alias: pool.league_abb },
              {
                onSuccess: () => {
                  notify({
                    title: 'Rebuy Confirmed',
                    message: 'You have successfully rebought and can now continue making picks.',
                  });
                  onClose();
                },
              },
            )
          }
        />
      );
    case 'bonus': {
      const join = !data.bonus.next;
      return (
        <ConfirmActionModal
          title={join ? 'Join the bonus pool' : 'Leave the bonus pool'}
          text={
            join
              ? `${entry.label} joins the bonus pool from Week ${week}: it wins bonus prizes its picks earn and pays its share of the others'.`
              : `${entry.label} leaves the bonus pool from Week ${week}. Bonus money already won is kept.`
          }
          confirmLabel={join ? 'JOIN' : 'LEAVE'}
          pending={bonus.isPending}
          error={bonus.error}
          onClose={onClose}
          onConfirm={() =>
            bonus.mutate(
              { bool: join, userSeason: entry.id, effWeek: week },
              { onSuccess: done('Bonus pool') },
            )
          }
        />
      );
    }
    case 'autoRebuy': {
      const on = !data.auto_rebuy.next;
      return (
        <ConfirmActionModal
          title={on ? 'Turn on auto-rebuy' : 'Turn off auto-rebuy'}
          text={
            on
              ? `From Week ${week}, a loss that leaves ${entry.label} with lives is rebought at once for ${formatDollars(pool.rebuy_price)}.`
              : `From Week ${week}, after a loss you must rebuy ${entry.label} yourself before the next week locks.`
          }
          confirmLabel={on ? 'TURN ON' : 'TURN OFF'}
          pending={autoRebuy.isPending}
          error={autoRebuy.error}
          onClose={onClose}
          onConfirm={() =>
            autoRebuy.mutate(
              { bool: on, userSeason: entry.id, effWeek: week },
              { onSuccess: done('Auto-rebuy') },
            )
          }
        />
      );
    }
    case 'insurance':
      return (
        <ConfirmActionModal
          title="Buy pick insurance"
          text={`Insure ${entry.label}'s picks from Week ${data.insurance.effective_week} for the rest of the season for ${formatDollars(data.insurance.price)}. It cannot be refunded.`}
          confirmLabel="BUY INSURANCE"
          pending={insurance.isPending}
          error={insurance.error}
          onClose={onClose}
          onConfirm={() =>
            insurance.mutate(
              { userSeason: entry.id, cost: data.insurance.price, eff_week: data.insurance.effective_week },
              { onSuccess: done('Insurance purchased') },
            )
          }
        />
      );
  }
}
