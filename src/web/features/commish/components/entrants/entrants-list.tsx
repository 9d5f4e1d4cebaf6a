import { ActionIcon, Badge, Box, Card, Group, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconNote, IconPlus } from '@tabler/icons-react';
import { type AdminEntrant, ENTRANTS_TOASTS } from '../../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { ResponsiveTable } from '../../../../components/responsive-table';
import { formatDollars } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useToggleUserStatus } from '../../api/entrants';

/** What a row asks the tool to open. */
export type EntrantAction =
  | { kind: 'lives'; entrant: AdminEntrant; action: 'increase' | 'decrease' }
  | { kind: 'note'; entrant: AdminEntrant };

interface ListProps {
  entrants: AdminEntrant[];
  /** A final pool's entrants can no longer change (notes still can). */
  locked: boolean;
  onAction: (action: EntrantAction) => void;
}

function StatusSwitch({ entrant, locked }: { entrant: AdminEntrant; locked: boolean }) {
  const toggle = useToggleUserStatus();
  const active = entrant.status === ENTRY_STATUS.active;
  return (
    <Switch
      checked={toggle.isPending ? !active : active}
      disabled={locked || toggle.isPending}
      label={active ? 'Active' : 'Inactive'}
      aria-label={`${entrant.label} active`}
      onChange={(event) =>
        toggle.mutate(
          {
            userSeasonId: entrant.entry_id,
            updatedStatus: event.currentTarget.checked ? ENTRY_STATUS.active : ENTRY_STATUS.inactive,
          },
          {
            onSuccess: (answer) => notify({ title: ENTRANTS_TOASTS.statusUpdated, message: answer.message }),
            onError: () => notify({ ...ENTRANTS_TOASTS.statusError, color: 'red' }),
          },
        )
      }
    />
  );
}

function LivesControl({
  entrant,
  locked,
  onAction,
}: { entrant: AdminEntrant } & Omit<ListProps, 'entrants'>) {
  return (
    <Group gap={6} wrap="nowrap">
      {/* Lowering is offered only above 0 lives; the empty box keeps the numbers lined up. */}
      {entrant.lives > 0 ? (
        <ActionIcon
          variant="default"
          aria-label={`Lower lives of ${entrant.label}`}
          disabled={locked}
          onClick={() => onAction({ kind: 'lives', entrant, action: 'decrease' })}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
      ) : (
        <Box w={28} />
      )}
      <Text fw={700} miw={24} ta="center">
        {entrant.lives}
        <VisuallyHidden> {entrant.lives === 1 ? 'life' : 'lives'}</VisuallyHidden>
      </Text>
      <ActionIcon
        variant="default"
        aria-label={`Raise lives of ${entrant.label}`}
        disabled={locked}
        onClick={() => onAction({ kind: 'lives', entrant, action: 'increase' })}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function EntryName({ entrant }: { entrant: AdminEntrant }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entrant.label}
      </Text>
      {entrant.champion && (
        <Badge color="yellow.9" size="sm">
          CHAMPION
        </Badge>
      )}
      {entrant.eliminated && !entrant.champion && (
        <Text size="xs" fw={700} c="red.9">
          ELIMINATED
        </Text>
      )}
      {entrant.needs_rebuy && (
        <Text size="xs" fw={700} c="orange.9">
          REBUY DUE
        </Text>
      )}
    </Group>
  );
}

function NoteCell({ entrant, onAction }: { entrant: AdminEntrant; onAction: ListProps['onAction'] }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c={entrant.notes ? undefined : 'dark.4'} style={{ overflowWrap: 'anywhere', flex: 1 }}>
        {entrant.notes ?? 'No note'}
      </Text>
      <ActionIcon
        variant="subtle"
        aria-label={`Edit note on ${entrant.label}`}
        onClick={() => onAction({ kind: 'note', entrant })}
      >
        <IconNote size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** The entrants: a table from the small breakpoint up, one card per entry on a phone. */
export function EntrantsList({ entrants, locked, onAction }: ListProps) {
  const right = { ta: 'right' } as const;
  return (
    <ResponsiveTable
      rows={entrants}
      rowKey={(entrant) => entrant.entry_id}
      minWidth={760}
      scroll={{ tabIndex: 0, 'aria-labelledby': 'entrants-title' }}
      table={{ striped: true, verticalSpacing: 'xs', fz: 'sm', 'aria-labelledby': 'entrants-title' }}
      columns={[
        { key: 'entry', header: 'Entry', cell: (entrant) => <EntryName entrant={entrant} /> },
        {
          key: 'status',
          header: 'Status',
          cell: (entrant) => <StatusSwitch entrant={entrant} locked={locked} />,
        },
        {
          key: 'lives',
          header: 'Lives',
          cell: (entrant) => <LivesControl entrant={entrant} locked={locked} onAction={onAction} />,
        },
        { key: 'weeks', header: 'Weeks alive', th: right, td: right, cell: (entrant) => entrant.weeks_alive },
        {
          key: 'prizes',
          header: 'Prizes',
          th: right,
          td: right,
          cell: (entrant) => formatDollars(entrant.prizes),
        },
        {
          key: 'notes',
          header: 'Notes',
          td: { maw: 260 },
          cell: (entrant) => <NoteCell entrant={entrant} onAction={onAction} />,
        },
      ]}
      cards={{ gap: 'sm' }}
      card={(entrant) => (
        <Card withBorder padding="sm" component="section" aria-label={`Entrant ${entrant.label}`}>
          <Stack gap={8}>
            <EntryName entrant={entrant} />
            <Group justify="space-between" wrap="nowrap">
              <StatusSwitch entrant={entrant} locked={locked} />
              <LivesControl entrant={entrant} locked={locked} onAction={onAction} />
            </Group>
            <Text size="xs" c="dark.4">
              {entrant.weeks_alive} {entrant.weeks_alive === 1 ? 'week' : 'weeks'} alive ·{' '}
              {formatDollars(entrant.prizes)} in prizes
            </Text>
            <NoteCell entrant={entrant} onAction={onAction} />
          </Stack>
        </Card>
      )}
    />
  );
}
