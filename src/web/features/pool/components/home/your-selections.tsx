import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { MyEntry, PickRow, PoolDetails } from '../../../../../core/contracts/pools';
import { picksPlayers } from '../../../../../core/games';
import { StepPager } from '../../../../components/step-pager';
import { formatDate } from '../../../../lib/format';
import { entryStatusText } from '../pool-labels';

export const SELECTIONS_PAGE_SIZE = 5;

/** The active entry's picks from the pool's start week, five weeks a page (opening on the next week to pick), with its lives. */
export function YourSelections({ pool, entry }: { pool: PoolDetails; entry: MyEntry }) {
  const weekCount = Math.max(pool.week_count, 1);
  // The pool's weeks run from its start week (a pool started mid-season has no earlier weeks to show).
  const startWeek = Math.min(Math.max(pool.start_week, 1), weekCount);
  const pages = Math.ceil((weekCount - startWeek + 1) / SELECTIONS_PAGE_SIZE);
  // Opens on the page of the week to pick next (the one after the live week).
  const openWeek = Math.min(Math.max(pool.live_week + 1, startWeek), weekCount);
  const [page, setPage] = useState(Math.floor((openWeek - startWeek) / SELECTIONS_PAGE_SIZE));
  const first = startWeek + page * SELECTIONS_PAGE_SIZE;
  const last = Math.min(first + SELECTIONS_PAGE_SIZE - 1, weekCount);
  const weeks = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const byWeek = new Map<number, PickRow[]>();
  for (const pick of entry.picks) byWeek.set(pick.week, [...(byWeek.get(pick.week) ?? []), pick]);
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="md">
          Your Selections · {entry.label}
        </Title>
        <Lives pool={pool} entry={entry} />
      </Group>
      <Table verticalSpacing={6} fz="sm" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={{ base: 64, sm: 90 }}>Week</Table.Th>
            <Table.Th>{picksPlayers(pool.game) ? 'Players' : 'Team'}</Table.Th>
            <Table.Th w={{ base: 122, sm: 150 }}>Locks</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks.map((week) => {
            const picks = byWeek.get(week) ?? [];
            // The instant the week locks for everyone (an NFL pool's lock mode, not its deadline).
            const lockAt = pool.week_locks[week - 1] ?? pool.deadlines[week - 1];
            const locked = week <= pool.live_week;
            return (
              <Table.Tr key={week}>
                <Table.Td fw={700}>{week}</Table.Td>
                <Table.Td>
                  {picks.length === 0 ? (
                    <Text size="sm" c="dark.4">
                      {locked ? 'NO PICK' : '—'}
                    </Text>
                  ) : (
                    <Stack gap={2}>
                      {picks.map((pick) => (
                        <Group key={pick.pick_id} gap={6} wrap="nowrap">
                          <Text size="sm" fw={600} truncate>
                            {pick.name}
                          </Text>
                          {pick.by_insurance && (
                            <Badge size="xs" color="navy">
                              INSURED
                            </Badge>
                          )}
                        </Group>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {locked && <IconLock size={12} aria-label="Locked" />}
                    <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                      {lockAt ? formatDate(lockAt, 'M/D h:mm A') : '—'}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="center" mt="xs">
          <StepPager
            label={`Weeks ${first}-${last}`}
            hasPrevious={page > 0}
            hasNext={page < pages - 1}
            onPrevious={() => setPage(page - 1)}
            onNext={() => setPage(page + 1)}
            previousLabel="Earlier weeks"
            nextLabel="Later weeks"
          />
        </Group>
      )}
    </Card>
  );
}

/** Hearts for the lives left out of the pool's lives (a shoot-the-moon life adds a heart). */
function Lives({ pool, entry }: { pool: PoolDetails; entry: MyEntry }) {
  const status = entryStatusText(entry);
  if (status === 'ELIMINATED') {
    return (
      <Text size="sm" fw={700} c="red.9">
        ELIMINATED
      </Text>
    );
  }
  const total = Math.max(pool.lives, entry.lives);
  return (
    <Group gap={2} role="img" aria-label={`${entry.lives} of ${total} lives`} wrap="nowrap">
      {Array.from({ length: total }, (_, i) =>
        i < entry.lives ? (
          <IconHeartFilled key={i} size={18} color="#c92a2a" aria-hidden />
        ) : (
          <IconHeart key={i} size={18} color="#5c636a" aria-hidden />
        ),
      )}
      {entry.needs_rebuy && (
        <Badge size="sm" color="orange.9" ml={4}>
          REBUY NEEDED
        </Badge>
      )}
    </Group>
  );
}
