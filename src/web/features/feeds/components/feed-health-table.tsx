import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryState } from '../../../components/query-state';
import { ResponsiveTable } from '../../../components/responsive-table';
import { formatDate } from '../../../lib/format';
import { type FeedHealth, useFeedsHealth } from '../api/feeds';

const when = (value: string | null) => (value ? formatDate(value, 'M/D/YY, h:mm A') : '—');

const gamesRejected = (n: number) => (n === 1 ? '1 game rejected' : `${n} games rejected`);

/** The feed's state in words: since when it fails, or that it answers (and whether it sent impossible games). */
function stateOf(feed: FeedHealth): string {
  if (feed.consecutive_failures === 0) {
    const rejected = feed.rejected_games.length;
    return rejected === 0 ? 'Answering' : `Answering; ${gamesRejected(rejected)} in the last poll`;
  }
  const polls =
    feed.consecutive_failures === 1 ? '1 failed poll' : `${feed.consecutive_failures} failed polls in a row`;
  if (feed.last_ok_at === null) return `${polls}; it has never answered`;
  return `${polls} since its last success at ${when(feed.last_ok_at)}; stored results are kept as they were`;
}

/**
 * The games each feed's last successful poll left out because they cannot be true, one sentence
 * each; the other games of those polls were stored.
 */
function RejectedGames({ feeds }: { feeds: FeedHealth[] }) {
  const rejecting = feeds.filter((feed) => feed.rejected_games.length > 0);
  if (rejecting.length === 0) return null;
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} fz="md">
        Rejected games
      </Title>
      <Text size="sm" c="dimmed">
        These games were left out because they cannot be true; the rest of each poll was stored. If a feed
        keeps sending one, enter its result by hand below.
      </Text>
      {rejecting.map((feed) => (
        <Paper key={`${feed.provider}-${feed.game}`} withBorder p="sm">
          <Text size="sm" fw={700} style={{ wordBreak: 'break-word' }}>
            {feed.provider} · {feed.game}: {gamesRejected(feed.rejected_games.length)} by the poll at{' '}
            {when(feed.last_ok_at)}
          </Text>
          <List size="sm" spacing={2}>
            {feed.rejected_games.map((message) => (
              <List.Item key={message}>
                <Text size="sm" c="red.8" style={{ wordBreak: 'break-word' }}>
                  {message}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}

/** One row per provider and game: last fetch, last success, last error, counts over a day. */
export function FeedHealthTable() {
  const feeds = useFeedsHealth();
  if (feeds.isLoading || feeds.isError) {
    return <QueryState query={feeds} loading="Loading feed health" failed="Could not load the feed health" />;
  }
  if (!feeds.data || feeds.data.length === 0) {
    return <Text c="dimmed">No feed has been polled yet.</Text>;
  }
  const rows = feeds.data.map((feed) => ({
    ...feed,
    healthy: feed.last_ok_at !== null && feed.consecutive_failures === 0,
    state: stateOf(feed),
  }));
  const badge = (healthy: boolean) => (
    <Badge color={healthy ? 'green.8' : 'red.8'} style={{ flexShrink: 0 }}>
      {healthy ? 'OK' : 'FAILING'}
    </Badge>
  );
  return (
    <>
      <ResponsiveTable
        rows={rows}
        rowKey={(feed) => `${feed.provider}-${feed.game}`}
        minWidth={720}
        table={{ striped: true }}
        columns={[
          { key: 'provider', header: 'Provider', cell: (feed) => feed.provider },
          { key: 'game', header: 'Game', cell: (feed) => feed.game },
          {
            key: 'health',
            header: 'Health',
            cell: (feed) => (
              <>
                {badge(feed.healthy)}
                <Text size="xs" c={feed.healthy ? 'dimmed' : 'red.8'}>
                  {feed.state}
                </Text>
              </>
            ),
          },
          { key: 'fetch', header: 'Last fetch', cell: (feed) => when(feed.last_fetch_at) },
          { key: 'success', header: 'Last success', cell: (feed) => when(feed.last_ok_at) },
          {
            key: 'counts',
            header: 'Fetches / failures (24 h)',
            cell: (feed) => `${feed.fetches_24h} / ${feed.failures_24h}`,
          },
          {
            key: 'error',
            header: 'Last error',
            cell: (feed) => (
              <>
                <Text size="sm" lineClamp={3}>
                  {feed.last_error ?? '—'}
                </Text>
                {feed.last_error_at && (
                  <Text size="xs" c="dimmed">
                    {when(feed.last_error_at)}
                  </Text>
                )}
              </>
            ),
          },
        ]}
        card={(feed) => (
          <Paper withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={700} style={{ wordBreak: 'break-word' }}>
                {feed.provider} · {feed.game}
              </Text>
              {badge(feed.healthy)}
            </Group>
            <Text size="xs" c="dimmed">
              Last fetch {when(feed.last_fetch_at)} · last success {when(feed.last_ok_at)}
            </Text>
            <Text size="xs" c={feed.healthy ? 'dimmed' : 'red.8'}>
              {feed.state}
            </Text>
            <Text size="xs" c="dimmed">
              {feed.fetches_24h} fetches, {feed.failures_24h} failures in 24 h
            </Text>
            {feed.last_error && (
              <Text size="xs" c="red.8" lineClamp={3}>
                {feed.last_error}
              </Text>
            )}
          </Paper>
        )}
      />
      <RejectedGames feeds={feeds.data} />
    </>
  );
}
