import { Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { FEED_EVENT_TYPES } from '../../../../../core/contracts/pools';
import { EventLink, LinkedText } from '../../../../components/linked-text';
import { QueryState } from '../../../../components/query-state';
import { useCommishPosts } from '../../../../lib/pool-api/commish-posts';
import { useServerNow } from '../../api/feed';
import { EndRuleVerdict } from './end-rule-verdict';
import { TimeAgo } from './feed/feed-parts';

/** Posts shown at first and added by each "Show more". */
const POSTS_PAGE_SIZE = 3;

/** The Commish's Desk: the league commissioners' posts, newest first (headline, body, optional link). */
export function CommishDeskCard({
  pool,
  viewer,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  const posts = useCommishPosts(pool.id);
  const now = useServerNow();
  const [shown, setShown] = useState(POSTS_PAGE_SIZE);
  const list = posts.data?.posts ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="commish-desk-title">
      <Group gap={8} mb="xs" wrap="nowrap">
        <IconSpeakerphone size={20} aria-hidden />
        <Title order={2} fz="md" id="commish-desk-title">
          The Commish's Desk
        </Title>
      </Group>
      <EndRuleVerdict pool={pool} viewer={viewer} />
      {posts.isLoading || posts.isError ? (
        <QueryState
          query={posts}
          loading="Loading the Commish's posts"
          failed="The Commish's posts could not be loaded"
        />
      ) : list.length === 0 ? (
        <Text size="sm" c="dark.4">
          No posts from the Commish yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {list.slice(0, shown).map((post, index) => (
            <Fragment key={post.id}>
              {index > 0 && <Divider />}
              <article aria-labelledby={`commish-post-${post.id}`}>
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                    <Title
                      order={3}
                      fz="sm"
                      id={`commish-post-${post.id}`}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {post.summary}
                    </Title>
                    {post.type === FEED_EVENT_TYPES.bonusPrize && (
                      <Badge size="sm" color="yellow.4" c="black" variant="filled">
                        Bonus
                      </Badge>
                    )}
                  </Group>
                  <Group gap={6}>
                    <Text size="xs" c="dark.4">
                      {post.username}
                    </Text>
                    <Text size="xs" c="dark.4" aria-hidden>
                      ·
                    </Text>
                    <TimeAgo at={post.submitted_at} now={now} />
                  </Group>
                  <LinkedText text={post.post} />
                  {post.link && <EventLink link={post.link} label={post.link} />}
                </Stack>
              </article>
            </Fragment>
          ))}
          {shown < list.length && (
            <Button size="xs" variant="default" onClick={() => setShown((n) => n + POSTS_PAGE_SIZE)}>
              Show more posts
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}
