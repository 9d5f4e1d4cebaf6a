import { Checkbox, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { QueryState } from '../../../../components/query-state';
import { usePrizeSplit } from '../../api/money';
import { SplitForm } from './split-form';
import { PAGE_SIZE } from './use-split-plan';

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

/** Past this many matching entries the server lists the table in sign-up order (decision 013). */
const SPLIT_NAME_ORDER_MAX = 10_000;
