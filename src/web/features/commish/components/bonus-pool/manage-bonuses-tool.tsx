import { Alert, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import {
  BONUS_POOL_MESSAGES,
  type BonusParamsResponse,
  type PoolDetails,
  type PoolViewer,
} from '../../../../../core/contracts/pools';
import { QueryState } from '../../../../components/query-state';
import { useBonusParams } from '../../api/bonus';
import { PoolBonuses } from './pool-bonuses';
import { WeekLists } from './week-lists';

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
