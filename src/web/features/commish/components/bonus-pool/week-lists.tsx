import { ActionIcon, Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMinus, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import {
  BONUS_POOL_MESSAGES,
  type BonusParamsEntry,
  type BonusParamsWeek,
  type BonusPoolList,
} from '../../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { notify } from '../../../../lib/notify';
import { useBonusParams, useUpdateBonusPool } from '../../api/bonus';
import { ToolPager } from '../tool-pager';
import { EntryList } from './entry-list';

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
export function WeekLists({
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
          pager={<ToolPager info={inList.data} onChange={setPage('in')} label="Pages of the bonus pool" />}
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
              <ToolPager
                info={outList.data}
                onChange={setPage('out')}
                label="Pages of entries not in the bonus pool"
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
            <ToolPager info={fixedList.data} onChange={setPage('fixed')} label="Pages of inactive entries" />
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
