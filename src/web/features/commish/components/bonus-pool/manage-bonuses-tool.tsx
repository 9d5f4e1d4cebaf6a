import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMinus, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  BONUS_POOL_MESSAGES,
  type BonusDetailsLine,
  type BonusParamsEntry,
  type BonusParamsResponse,
  type BonusParamsWeek,
  type BonusPoolList,
  type CommishBonusEvent,
  type PoolDetails,
  type PoolViewer,
} from '../../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { poolAddressOf, poolPagePath } from '../../../../../core/pool/identity';
import { ListPager } from '../../../../components/pager';
import { QueryState } from '../../../../components/query-state';
import { errorMessage } from '../../../../lib/api';
import { formatDate, formatDollars } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import {
  useBonusDetails,
  useBonusParams,
  useCommishBonusEvents,
  useRecalculateBonus,
  useUpdateBonusPool,
} from '../../api/bonus';

/**
 * The Commish tools' Bonuses: each week's bonus pool (moves are local until saved, and take effect the
 * following week; locked weeks are history), and the Pool Bonuses table with each bonus's details and
 * its recalculation.
 */
export function ManageBonusesTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  return (
    <Stack gap="lg">
      <BonusPoolWeeks pool={pool} />
      <PoolBonuses pool={pool} />
    </Stack>
  );
}

function BonusPoolWeeks({ pool }: { pool: PoolDetails }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const params = useBonusParams(pool.id, { week: chosen ?? undefined });
  return (
    <Stack gap="sm">
      <Title order={3}>Manage Bonus Pool</Title>
      <QueryState
        query={params}
        loading="Loading the bonus pool"
        failed="The bonus pool could not be loaded"
      />
      {params.data && !params.data.available && (
        <Alert color="blue" title="No bonus pool">
          {BONUS_POOL_MESSAGES.nflUnavailable}
        </Alert>
      )}
      {params.data?.available && params.data.params.length === 0 && (
        <Alert color="gray" title="No weeks yet">
          This pool has no weeks for a bonus pool.
        </Alert>
      )}
      {params.data?.available && params.data.params.length > 0 && (
        <WeekPicker poolId={pool.id} data={params.data} chosen={chosen} onChoose={setChosen} />
      )}
    </Stack>
  );
}

function WeekPicker({
  poolId,
  data,
  chosen,
  onChoose,
}: {
  poolId: number;
  data: BonusParamsResponse;
  chosen: number | null;
  onChoose: (week: number) => void;
}) {
  const week = data.params.find((item) => item.week === data.week);
  if (!week) return null;
  return (
    <>
      <Select
        label="Week"
        maw={260}
        allowDeselect={false}
        data={data.params.map((item) => ({
          value: String(item.week),
          label: item.week === data.editable_week ? `Week ${item.week} (editable)` : `Week ${item.week}`,
        }))}
        value={String(week.week)}
        onChange={(value) => value !== null && onChoose(Number(value))}
      />
      <WeekLists
        key={week.week}
        poolId={poolId}
        week={week}
        weekParam={chosen ?? undefined}
        editable={week.week === data.editable_week}
      />
    </>
  );
}

/** An entry moved in or out and not saved yet. */
interface Move {
  into: boolean;
  entry: BonusParamsEntry;
}

type Pages = Record<BonusPoolList, number>;

/**
 * A week's three lists (in the bonus pool, not in it, cannot move), each paged and searched on the server.
 * Moves stay here until saved, and are sent as moves (who goes in, who goes out), whatever the pool's size.
 */
function WeekLists({
  poolId,
  week,
  weekParam,
  editable,
}: {
  poolId: number;
  week: BonusParamsWeek;
  /** The week as the first load asked for it (none: the server's default week). */
  weekParam: number | undefined;
  editable: boolean;
}) {
  const [moves, setMoves] = useState<Map<number, Move>>(() => new Map());
  const [pages, setPages] = useState<Pages>({ in: 1, out: 1, fixed: 1 });
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const save = useUpdateBonusPool();
  const canEdit = editable && !week.inactive;
  const request = (list: BonusPoolList) => ({
    week: weekParam,
    list: list === 'in' ? undefined : list,
    page: pages[list] > 1 ? pages[list] : undefined,
    q: q || undefined,
  });
  const inList = useBonusParams(poolId, request('in'));
  const outList = useBonusParams(poolId, request('out'), canEdit);
  const fixedList = useBonusParams(poolId, request('fixed'));
  const counts = inList.data?.counts ?? { in: 0, out: 0, fixed: 0 };
  const pending = [...moves.values()];
  const added = pending.filter((move) => move.into).map((move) => move.entry);
  const removed = pending.filter((move) => !move.into).map((move) => move.entry);
  const unmoved = (list: BonusParamsEntry[] | undefined) => (list ?? []).filter((e) => !moves.has(e.id));
  const shownIn = [...added, ...unmoved(inList.data?.entries)];
  const shownOut = canEdit ? [...removed, ...unmoved(outList.data?.entries)] : [];
  const setPage = (list: BonusPoolList) => (page: number) =>
    setPages((current) => ({ ...current, [list]: page }));

  // Moving an entry that was moved already takes it back to where the server has it.
  const move = (entry: BonusParamsEntry, into: boolean) =>
    setMoves((current) => {
      const next = new Map(current);
      if (next.has(entry.id)) next.delete(entry.id);
      else next.set(entry.id, { into, entry });
      return next;
    });
  const submit = () =>
    save
      .mutateAsync({
        poolId,
        week: week.week,
        add: added.map((entry) => entry.id),
        remove: removed.map((entry) => entry.id),
      })
      .then(
        () => {
          setMoves(new Map());
          notify({ title: 'Bonus Pool Updated', message: `Week ${week.week} bonus pool has been updated.` });
        },
        () =>
          notify({
            title: 'Error Updating Bonus Pool',
            message: 'An error occurred while updating the bonus pool. Please try again later.',
            color: 'red',
          }),
      );

  return (
    <Stack gap="sm">
      {week.inactive &&
        (week.locked ? (
          <Alert color="yellow" title="Bonus pool inactive">
            {BONUS_POOL_MESSAGES.inactiveWeek(week.week)}
          </Alert>
        ) : (
          <Alert color="yellow" title="Bonus pool inactive">
            {BONUS_POOL_MESSAGES.bonusInactive}
          </Alert>
        ))}
      <Text size="sm" c="dark.4">
        {editable
          ? `Changes take effect in Week ${week.week}; earlier weeks are history. Moves stay here until you save.`
          : `Week ${week.week}'s bonus pool is history: it was fixed when the week locked.`}
      </Text>
      <TextInput
        label="Search entries"
        placeholder="Username"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPages({ in: 1, out: 1, fixed: 1 });
        }}
        maw={360}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <EntryList
          title={`In the Week ${week.week} bonus pool`}
          count={counts.in + added.length - removed.length}
          entries={shownIn}
          empty="Nobody"
          pager={
            <ListPager info={inList.data} onChange={setPage('in')} label="Pages of the bonus pool" range />
          }
        >
          {(entry) =>
            canEdit && (
              <ActionIcon
                variant="light"
                color="red"
                aria-label={`Remove ${entry.label} from the bonus pool`}
                onClick={() => move(entry, false)}
              >
                <IconMinus size={16} aria-hidden />
              </ActionIcon>
            )
          }
        </EntryList>
        <EntryList
          title="Not in the bonus pool"
          count={canEdit ? counts.out - added.length + removed.length : 0}
          entries={shownOut}
          empty={canEdit ? 'Nobody' : '—'}
          pager={
            canEdit && (
              <ListPager
                info={outList.data}
                onChange={setPage('out')}
                label="Pages of entries not in the bonus pool"
                range
              />
            )
          }
        >
          {(entry) => (
            <ActionIcon
              variant="light"
              color="green"
              aria-label={`Add ${entry.label} to the bonus pool`}
              onClick={() => move(entry, true)}
            >
              <IconPlus size={16} aria-hidden />
            </ActionIcon>
          )}
        </EntryList>
        <EntryList
          title="Inactive entries"
          count={counts.fixed}
          entries={fixedList.data?.entries ?? []}
          empty="None"
          note={(entry) => (entry.status === ENTRY_STATUS.inactive ? 'inactive' : 'eliminated')}
          pager={
            <ListPager
              info={fixedList.data}
              onChange={setPage('fixed')}
              label="Pages of inactive entries"
              range
            />
          }
        >
          {() => null}
        </EntryList>
      </SimpleGrid>
      {canEdit && (
        <Group>
          <Button onClick={submit} disabled={moves.size === 0} loading={save.isPending}>
            Save Bonus Pool
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function EntryList({
  title,
  count,
  entries,
  empty,
  note,
  pager,
  children,
}: {
  title: string;
  /** Every entry of the list, beyond the page shown. */
  count: number;
  entries: BonusParamsEntry[];
  empty: string;
  note?: (entry: BonusParamsEntry) => string;
  pager?: React.ReactNode;
  children: (entry: BonusParamsEntry) => React.ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text fw={700} mb={6}>
        {title} ({count.toLocaleString('en-US')})
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dark.4">
          {empty}
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
          {entries.map((entry) => (
            <Group key={entry.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.label}
                {note && (
                  <Text span size="xs" c="dark.4">
                    {' '}
                    ({note(entry)})
                  </Text>
                )}
              </Text>
              {children(entry)}
            </Group>
          ))}
        </Stack>
      )}
      {pager}
    </Paper>
  );
}

function PoolBonuses({ pool }: { pool: PoolDetails }) {
  const events = useCommishBonusEvents(pool.id);
  const recalculate = useRecalculateBonus();
  const [details, setDetails] = useState<CommishBonusEvent | null>(null);

  const run = (event: CommishBonusEvent) =>
    recalculate.mutateAsync({ poolId: pool.id, bonusId: event.id }).then(
      (answer) =>
        answer.outcome === 'updated'
          ? notify({ title: 'Bonus updated', message: 'Bonus has been successfully recalculated' })
          : notify({
              title: answer.outcome === 'voided' ? 'Bonus voided' : 'Bonus unchanged',
              message: answer.message,
              color: 'blue',
            }),
      (error) =>
        notify({
          title: 'Error updating bonus',
          message: `An error was encountered updating this bonus: ${errorMessage(error).replace(/\.$/, '')}. Please contact ALA support for help with this error.`,
          color: 'red',
        }),
    );

  return (
    <Stack gap="sm">
      <Title order={3} id="pool-bonuses-title">
        Pool Bonuses
      </Title>
      <QueryState
        query={events}
        loading="Loading the pool's bonuses"
        failed="The pool's bonuses could not be loaded"
      />
      {events.data && events.data.events.length === 0 && (
        <Alert color="gray" title="No bonuses yet">
          Bonuses will show up here once they have been earned.
        </Alert>
      )}
      {events.data && events.data.events.length > 0 && (
        <Table.ScrollContainer minWidth={720} tabIndex={0} aria-labelledby="pool-bonuses-title">
          <Table striped verticalSpacing="xs" fz="sm" aria-labelledby="pool-bonuses-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Game</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.data.events.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>{event.week}</Table.Td>
                  <Table.Td>{formatDate(event.bonus_date, 'M.D.YY')}</Table.Td>
                  <Table.Td>
                    {event.game_summary ? (
                      <Anchor
                        component={Link}
                        to={`${poolPagePath(poolAddressOf(pool))}/scoreboard`}
                        underline="always"
                      >
                        {event.game_summary}
                      </Anchor>
                    ) : (
                      'Whole week'
                    )}
                  </Table.Td>
                  <Table.Td>{event.bonus_name}</Table.Td>
                  <Table.Td>{event.team_abb}</Table.Td>
                  <Table.Td>
                    {/* What happened, with the player and inning: two bonuses of one game and team differ here. */}
                    {event.desc && (
                      <Text size="sm" mb={4}>
                        {event.desc}
                      </Text>
                    )}
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setDetails(event)}
                        aria-label={`Show details of the Week ${event.week} ${event.bonus_name} bonus (${event.team_abb})`}
                      >
                        Show Details
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        loading={recalculate.isPending && recalculate.variables?.bonusId === event.id}
                        onClick={() => run(event)}
                        aria-label={`Recalculate the Week ${event.week} ${event.bonus_name} bonus (${event.team_abb})`}
                      >
                        Recalculate
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <BonusDetailsModal pool={pool} event={details} onClose={() => setDetails(null)} />
    </Stack>
  );
}

function BonusDetailsModal({
  pool,
  event,
  onClose,
}: {
  pool: PoolDetails;
  event: CommishBonusEvent | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const details = useBonusDetails(pool.id, event?.id ?? null, {
    page: page > 1 ? page : undefined,
    q: q || undefined,
  });
  const close = () => {
    setPage(1);
    setSearch('');
    onClose();
  };
  return (
    <Modal
      opened={event !== null}
      onClose={close}
      title={event ? `Week ${event.week} ${event.bonus_long_name}: ${event.team_abb}` : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close bonus details' }}
    >
      {event && (
        <Text size="sm" mb="sm">
          {event.desc}
        </Text>
      )}
      <QueryState
        query={details}
        loading="Loading bonus details"
        failed="The bonus details could not be loaded"
      />
      {details.data && (
        <Stack gap="md">
          {details.data.total > details.data.pageSize || q !== '' ? (
            <TextInput
              label="Search winners and losers"
              placeholder="Username"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
            />
          ) : null}
          <LinesTable
            title="Winners"
            lines={details.data.winners}
            count={details.data.winners_count}
            total={details.data.winners_total}
          />
          <LinesTable
            title="Losers"
            lines={details.data.losers}
            count={details.data.losers_count}
            total={details.data.losers_total}
          />
          <ListPager info={details.data} onChange={setPage} label="Pages of winners and losers" range />
        </Stack>
      )}
    </Modal>
  );
}

function LinesTable({
  title,
  lines,
  count,
  total,
}: {
  title: string;
  lines: BonusDetailsLine[];
  /** Every line of the list matching the search, beyond the page shown. */
  count: number;
  total: number;
}) {
  return (
    <Table verticalSpacing={4} fz="sm" aria-label={title}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{count > lines.length ? `${title} (${count.toLocaleString('en-US')})` : title}</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={2}>Nobody</Table.Td>
          </Table.Tr>
        )}
        {lines.map((line) => (
          <Table.Tr key={line.entry_id}>
            <Table.Td>{line.label}</Table.Td>
            <Table.Td ta="right">{formatDollars(line.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total</Table.Th>
          <Table.Th ta="right">{formatDollars(total)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
