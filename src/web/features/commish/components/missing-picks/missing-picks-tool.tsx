import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMail, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  exportPaths,
  MISSING_PICKS_MAX_OFFSET,
  type MissingPicksResponse,
  NUDGE_INTERVAL_MINUTES,
  type PoolDetails,
  type PoolViewer,
} from '../../../../../core/contracts/pools';
import { QueryState } from '../../../../components/query-state';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useMissingPicks, useNudge } from '../../api/missing-picks';
import { ExportButton } from '../exports/export-button';
import { ToolPager } from '../tool-pager';
import { MissingPicksList } from './missing-picks-list';
import { NudgeModal } from './nudge-modal';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The instant NUDGE may be sent again, from the wait the server gave when the list was read. */
function useNudgeAvailableAt(data: MissingPicksResponse | undefined, readAt: number): number {
  const availableAt = data ? readAt + data.nudge.wait_seconds * 1000 : 0;
  const [, tick] = useState(0);
  // Re-render when the wait ends, so the button comes back without a reload.
  useEffect(() => {
    const left = availableAt - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.min(left + 500, 60_000));
    return () => clearTimeout(timer);
  });
  return availableAt;
}

/**
 * " (at 5:28 PM)": when the next nudge may go, on the application's clock as the last one is dated (the demo
 * replays a past season; the browser's clock would name another day's hour).
 */
function nextAt(lastSentAt: string | null): string {
  if (!lastSentAt) return '';
  return ` (at ${formatDate(new Date(Date.parse(lastSentAt) + NUDGE_INTERVAL_MINUTES * 60_000), 'h:mm A')})`;
}

/**
 * The Commish tools' Missing Picks: the entries without a (full) pick for the pool's open week, a page at a
 * time and searched on the server, with their lives and insurance (never what anyone picked), and NUDGE, which
 * e-mails their players once, at most once an hour.
 */
export function MissingPicksTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useMissingPicks(pool.id, { page: page > 1 ? page : undefined, q: q || undefined });
  const nudge = useNudge(pool.id);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const availableAt = useNudgeAvailableAt(list.data, list.dataUpdatedAt);

  if (!list.data)
    return (
      <QueryState query={list} loading="Loading missing picks" failed="Missing picks could not be loaded" />
    );
  const data = list.data;
  const waiting = availableAt > Date.now();
  const minutes = Math.max(1, Math.ceil((availableAt - Date.now()) / 60_000));
  const everyonePicked = data.week !== null && data.total === 0 && q === '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Group gap="xs" align="center">
          <Title order={3} id="missing-picks-title">
            Missing Picks
          </Title>
          {data.week !== null && (
            <Badge
              color={data.total > 0 ? 'orange.9' : 'green.9'}
              size="lg"
              aria-label={`${data.total} entries`}
            >
              {data.total.toLocaleString('en-US')}
            </Badge>
          )}
        </Group>
        {data.week !== null && data.deadline !== null && (
          <Text size="sm" fw={600}>
            Week {data.week} locks {formatDate(data.deadline, 'ddd M/D/YY h:mm A')}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dark.4">
        {data.picks_per_week > 1
          ? `Entries still in play with fewer than ${data.picks_per_week} picks for the open week.`
          : 'Entries still in play without a pick for the open week.'}{' '}
        You see whether an entry has picked, never what. Insured entries are listed too: if they do not pick,
        insurance will pick for them at the lock.
      </Text>

      {data.week === null ? (
        <Alert color="gray" title="No open week" role="status">
          Every week of this pool has locked, or the pool is final: there are no picks to chase.
        </Alert>
      ) : everyonePicked ? (
        <Alert color="green" title="Everyone has picked" role="status">
          Every entry still in play has made its Week {data.week} pick.
        </Alert>
      ) : (
        <Card withBorder padding="md" component="section" aria-labelledby="missing-picks-title">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={2} style={{ flex: '1 1 16rem' }}>
                <Text fw={600}>
                  {plural(data.total, 'entry owes', 'entries owe')} a Week {data.week} pick
                </Text>
                <Text size="sm" c="dark.4" role="status">
                  {waiting
                    ? `Nudged ${data.nudge.last_sent_at ? formatDate(data.nudge.last_sent_at, 'M/D/YY h:mm A') : 'recently'}. You can nudge again in ${plural(minutes, 'minute', 'minutes')}${nextAt(data.nudge.last_sent_at)}.`
                    : `NUDGE e-mails each of their players once, listing their entries. At most once every ${NUDGE_INTERVAL_MINUTES} minutes.`}
                </Text>
              </Stack>
              <Group gap="xs">
                <ExportButton href={exportPaths.missingPicks(pool.id)} fileName="missing-picks.csv" size="sm">
                  Download CSV
                </ExportButton>
                <Button
                  leftSection={<IconMail size={18} aria-hidden />}
                  disabled={waiting || nudge.isPending}
                  loading={nudge.isPending}
                  onClick={() => {
                    setRefusal(null);
                    setConfirming(true);
                  }}
                >
                  NUDGE
                </Button>
              </Group>
            </Group>
            {refusal && (
              <Alert
                color="red"
                role="alert"
                title="Nudge not sent"
                withCloseButton
                onClose={() => setRefusal(null)}
              >
                {refusal}
              </Alert>
            )}
            <TextInput
              label="Search players"
              placeholder="Username"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              maw={360}
            />
            {list.isError && (
              <Alert color="red" role="alert" title="Missing picks could not be loaded">
                {errorMessage(list.error)}
              </Alert>
            )}
            {data.rows.length === 0 ? (
              <Text c="dark.4" role="status">
                {q ? 'No entry owing a pick matches the search.' : 'No entries on this page.'}
              </Text>
            ) : (
              <MissingPicksList rows={data.rows} picksPerWeek={data.picks_per_week} />
            )}
            {/* The server pages the first MISSING_PICKS_MAX_OFFSET entries; a search reaches the others. */}
            <ToolPager
              info={{ ...data, total: Math.min(data.total, MISSING_PICKS_MAX_OFFSET) }}
              onChange={setPage}
              label="Pages of missing picks"
            />
            {data.total > MISSING_PICKS_MAX_OFFSET && (
              <Text size="sm" c="dark.4">
                The pages show the first {MISSING_PICKS_MAX_OFFSET.toLocaleString('en-US')} of{' '}
                {data.total.toLocaleString('en-US')}: search a username to find the others.
              </Text>
            )}
          </Stack>
        </Card>
      )}
      {confirming && data.week !== null && (
        <NudgeModal
          week={data.week}
          total={data.total}
          pending={nudge.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={(requestKey) =>
            nudge.mutate(
              { request_key: requestKey },
              {
                onSuccess: (answer) => {
                  setConfirming(false);
                  notify({ title: 'Nudge sent', message: answer.message });
                },
                onError: (error) => {
                  setConfirming(false);
                  setRefusal(errorMessage(error));
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}
