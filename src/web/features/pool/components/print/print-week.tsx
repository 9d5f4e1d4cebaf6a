import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { pageCount } from '../../../../../core/contracts/paging';
import type { ExportWeekRow, PoolDetails } from '../../../../../core/contracts/pools';
import { StepPager } from '../../../../components/step-pager';
import { errorMessage } from '../../../../lib/api';
import { useExportWeek } from '../../api/export-week';
import { poolPath } from '../pool-labels';
import { PRINT_CSS } from './print-css';

/**
 * The printable grid of one week's revealed picks at .../standings/print/{week}: entry, pick(s) and result, for a
 * commissioner to print on A4 or Letter or share as a phone screenshot. The server sends picks only once the week
 * locks. In print only the grid shows: the app's header, sidebar, the pool's tabs and every button drop out.
 */
export function PrintWeek({ pool }: { pool: PoolDetails }) {
  const week = Number(useParams().week);
  // A page of another week is not this week's: the pager starts again when the week changes.
  return <WeekGrid key={week} pool={pool} week={week} />;
}

function WeekGrid({ pool, week }: { pool: PoolDetails; week: number }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const grid = useExportWeek(pool.id, week, page);
  const standings = `${poolPath(pool)}/standings`;
  const goTo = (next: number) => navigate(`${standings}/print/${next}`);
  const data = grid.data;
  const pages = data ? pageCount(data) : 1;
  const nobodyPicked = data ? data.rows.every((row) => row.picks.length === 0) && pages === 1 : false;
  return (
    // A sheet's width on a wide screen too: a grid of three short columns reads badly across 1,366 px.
    <Stack gap="sm" maw={720} data-print-root className="print-week">
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" gap="xs" data-print-hide>
        <Anchor component={Link} to={standings} size="sm" fw={600}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconArrowLeft size={14} aria-hidden />
            Standings
          </Group>
        </Anchor>
        <Group gap="xs" wrap="nowrap">
          <StepPager
            label={`Week ${week}`}
            hasPrevious={week > 1}
            hasNext={week < pool.week_count}
            onPrevious={() => goTo(week - 1)}
            onNext={() => goTo(week + 1)}
            previousLabel="Previous week"
            nextLabel="Next week"
          />
          <Button
            size="xs"
            leftSection={<IconPrinter size={14} aria-hidden />}
            onClick={() => window.print()}
            disabled={!data?.locked || nobodyPicked}
          >
            Print
          </Button>
        </Group>
      </Group>
      <Card withBorder padding="sm" className="print-week-sheet">
        <Title order={2} fz="lg" lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {pool.league_name} · {data?.pool_name ?? pool.name} {pool.season}
        </Title>
        <Text fw={700} mb="xs">
          Week {week} picks
          {pages > 1 && data ? ` · page ${data.page} of ${pages}` : ''}
        </Text>
        {grid.isLoading ? (
          <Center py="lg">
            <Loader size="sm" aria-label={`Loading week ${week}'s picks`} />
          </Center>
        ) : grid.isError || !data ? (
          <Alert color="red" role="alert" title={`Week ${week}'s picks could not be loaded`}>
            {errorMessage(grid.error)}
          </Alert>
        ) : !data.locked ? (
          <Text c="dark.4">Week {week}'s picks are hidden until the week locks.</Text>
        ) : nobodyPicked ? (
          <Text c="dark.4">Nobody picked in week {week}.</Text>
        ) : (
          <>
            <WeekTable week={week} rows={data.rows} />
            <Text size="xs" c="dark.4" mt={6}>
              {data.total} {data.total === 1 ? 'entry' : 'entries'}
              {grid.isFetching ? ' · updating…' : ''}
            </Text>
          </>
        )}
      </Card>
      {data && pages > 1 && (
        <Group justify="center" data-print-hide>
          <StepPager
            label={`Page ${data.page} of ${pages}`}
            hasPrevious={data.page > 1}
            hasNext={data.page < pages}
            onPrevious={() => setPage(data.page - 1)}
            onNext={() => setPage(data.page + 1)}
            previousLabel="Previous page"
            nextLabel="Next page"
          />
        </Group>
      )}
    </Stack>
  );
}

const RESULT_COLORS: Record<string, string> = { win: 'green.9', advance: 'green.9', loss: 'red.9' };

/** The grid: one compact row an entry, its picks on one line (wrapping on a phone), the result last. */
function WeekTable({ week, rows }: { week: number; rows: ExportWeekRow[] }) {
  return (
    <Table
      className="print-week-table"
      aria-label={`Week ${week} picks`}
      striped
      withTableBorder
      verticalSpacing={4}
      horizontalSpacing={8}
      fz="sm"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Entry</Table.Th>
          <Table.Th>Pick</Table.Th>
          <Table.Th>Result</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={`${index}-${row.entry}`}>
            <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.entry}
            </Table.Td>
            <Table.Td>{row.picks.length > 0 ? row.picks.join(', ') : '—'}</Table.Td>
            <Table.Td
              fw={700}
              c={row.result ? (RESULT_COLORS[row.result] ?? undefined) : 'dark.4'}
              tt="capitalize"
            >
              {row.result ?? 'pending'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
