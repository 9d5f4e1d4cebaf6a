import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { FeedFilter, MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { EventLink } from '../../../../components/linked-text';
import { QueryState } from '../../../../components/query-state';
import { usePoolFeed, useServerNow } from '../../api/feed';
import { EventIcon, TimeAgo } from './feed/feed-parts';

/** Events shown at first and added by each "Show more". */
export const FEED_PAGE_SIZE = 10;

const EMPTY: Record<FeedFilter, string> = {
  all: 'No news in this pool yet.',
  pool: 'No news in this pool yet.',
  mine: 'Nothing from your entries yet. Your sign-ups, rebuys and results will show up here.',
  bonus: 'No performance bonuses yet. They will show up here once they have been earned.',
};

/** The filters this viewer gets: Your Activity for entrants, Performance Bonuses when the bonus pool is on. */
export function listFeedFilters(pool: PoolDetails, viewer: PoolViewer) {
  const filters: Array<{ value: FeedFilter; label: string }> = [{ value: 'pool', label: 'Pool News' }];
  if (viewer.signed_in && viewer.entries.length > 0) filters.push({ value: 'mine', label: 'Your Activity' });
  if (pool.bonus_active) filters.push({ value: 'bonus', label: 'Performance Bonuses' });
  return filters;
}

/** The Home news feed: the pool's news, the viewer's own activity or bonus news, newest first. */
export function NewsFeedCard({
  pool,
  viewer,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  const filters = listFeedFilters(pool, viewer);
  const [chosen, setChosen] = useState<FeedFilter>('pool');
  // A filter that went away (signed out, bonus switched off) falls back to the pool's news.
  const filter = filters.some((f) => f.value === chosen) ? chosen : 'pool';
  const [shown, setShown] = useState(FEED_PAGE_SIZE);
  const feed = usePoolFeed(pool.league_id, pool.id, filter);
  const now = useServerNow();
  const { pathname } = useLocation();
  const events = feed.data?.events ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="news-feed-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="news-feed-title">
          News Feed
        </Title>
        {filters.length > 1 && (
          <SegmentedControl
            aria-label="Feed filter"
            fullWidth
            size="xs"
            value={filter}
            onChange={(value) => {
              setChosen(value as FeedFilter);
              setShown(FEED_PAGE_SIZE);
            }}
            data={filters}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
          />
        )}
        {feed.isLoading || feed.isError ? (
          <QueryState
            query={feed}
            loading="Loading the news feed"
            failed="The news feed could not be loaded"
          />
        ) : events.length === 0 ? (
          <Text size="sm" c="dark.4">
            {EMPTY[filter]}
          </Text>
        ) : (
          <>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="News">
              {events.slice(0, shown).map((event) => (
                <Group component="li" key={event.id} gap="sm" wrap="nowrap" align="flex-start">
                  <EventIcon type={event.type} />
                  <Stack gap={2} miw={0} flex={1}>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {event.summary}
                      </Text>
                      <TimeAgo at={event.submitted_at} now={now} />
                    </Group>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {event.desc}
                    </Text>
                    {event.link && event.link !== pathname && <EventLink link={event.link} label="Open" />}
                  </Stack>
                </Group>
              ))}
            </Stack>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dark.4">
                Showing {Math.min(shown, events.length)} of {events.length}
              </Text>
              {shown < events.length && (
                <Button size="xs" variant="default" onClick={() => setShown((n) => n + FEED_PAGE_SIZE)}>
                  Show more
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
