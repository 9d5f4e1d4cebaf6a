import { Anchor, Badge, Box, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SettlementJobFailure, SettlementQueueState } from '../../../../core/contracts/sports';
import { QueryState } from '../../../components/query-state';
import { ResponsiveTable } from '../../../components/responsive-table';
import { formatDate } from '../../../lib/format';
import { useSettlementJobs } from '../api/feeds';

const when = (value: string) => formatDate(value, 'M/D/YY, h:mm:ss A');

/** The job's failures, and what comes next, in words. */
function failuresOf(job: SettlementJobFailure): string {
  const times = job.failures === 1 ? 'Failed once' : `Failed ${job.failures} times`;
  return `${times} · ${nextTry(job)}`;
}

/** When the queue tries the job again, in words. */
function nextTry(job: SettlementJobFailure): string {
  return job.next_retry_at
    ? `retried at ${when(job.next_retry_at)}`
    : 'retries spent: tried again within the hour';
}

/** The queue's jobs now, in words: "2 waiting, 1 running, 0 retrying; last done 3:02:10 PM". */
function queueInWords(queue: SettlementQueueState): string {
  const counts = `${queue.waiting} waiting, ${queue.running} running, ${queue.retrying} retrying, ${queue.dead} failed`;
  return queue.last_done_at ? `${counts}; a pool's job last done ${when(queue.last_done_at)}` : counts;
}

/**
 * The settlement queue's state in words, and the pools whose settlement job fails (locking, judging or
 * re-judging a week): each one is retried on its own after a backoff while every other pool's weeks
 * lock and settle on time.
 */
export function SettlementJobs() {
  const [page, setPage] = useState(1);
  const jobs = useSettlementJobs(page);
  if (jobs.isLoading || jobs.isError) {
    return (
      <QueryState
        query={jobs}
        loading="Loading settlement jobs"
        failed="Could not load the settlement jobs"
      />
    );
  }
  const data = jobs.data;
  const queue = data && (
    <Text size="sm" c="dimmed">
      Queue: {queueInWords(data.queue)}
    </Text>
  );
  if (!data || data.total === 0) {
    return (
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <Badge color="green.8" style={{ flexShrink: 0 }}>
            OK
          </Badge>
          <Text size="sm">Every pool's weeks lock and settle: no settlement job is failing.</Text>
        </Group>
        {queue}
      </Stack>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const poolLink = (job: SettlementJobFailure) => (
    <Anchor component={Link} to={job.path} fw={700} size="sm">
      {job.pool}
    </Anchor>
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="red.8" role="status">
        {data.total === 1 ? '1 pool is failing' : `${data.total} pools are failing`}: each is tried again on
        its own, the other pools lock and settle on time.
      </Text>
      {queue}
      <ResponsiveTable
        rows={data.failures}
        rowKey={(job) => job.pool_id}
        minWidth={760}
        table={{ striped: true }}
        columns={[
          { key: 'league', header: 'League', cell: (job) => job.league },
          {
            key: 'pool',
            header: 'Pool',
            cell: (job) => (
              <>
                {poolLink(job)}
                <Text size="xs" c="dimmed">
                  {job.game}
                </Text>
              </>
            ),
          },
          { key: 'week', header: 'Week', cell: (job) => job.week ?? '—' },
          { key: 'what', header: 'What failed', cell: (job) => job.what },
          {
            key: 'error',
            header: 'Error',
            cell: (job) => (
              <Text size="sm" c="red.8" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
                {job.error}
              </Text>
            ),
          },
          {
            key: 'failures',
            header: 'Failures',
            cell: (job) => (
              <>
                {job.failures}
                <Text size="xs" c="dimmed">
                  queued {when(job.queued_at)}
                </Text>
              </>
            ),
          },
          {
            key: 'retry',
            header: 'Next retry',
            cell: (job) => (job.next_retry_at ? when(job.next_retry_at) : 'Retries spent'),
          },
        ]}
        card={(job) => (
          <Paper withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Box style={{ minWidth: 0 }}>
                {poolLink(job)}
                <Text size="xs" c="dimmed">
                  {job.league} · {job.game}
                </Text>
              </Box>
              <Badge color="red.8" style={{ flexShrink: 0 }}>
                {job.state === 'dead' ? 'FAILED' : 'RETRYING'}
              </Badge>
            </Group>
            <Text size="sm" fw={600}>
              {job.what} failed
            </Text>
            <Text size="xs" c="red.8" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
              {job.error}
            </Text>
            <Text size="xs" c="dimmed">
              {failuresOf(job)}
            </Text>
          </Paper>
        )}
      />
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label':
                control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
            })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
