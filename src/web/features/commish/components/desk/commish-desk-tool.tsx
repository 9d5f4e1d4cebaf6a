import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import {
  ENTRANTS_MESSAGES,
  ENTRANTS_TOASTS,
  FEED_EVENT_TYPES,
  POST_BODY_MAX,
  POST_HEADLINE_MAX,
  POST_LINK_MAX,
  POST_TYPE_OPTIONS,
  type PoolDetails,
  type PoolViewer,
} from '../../../../../core/contracts/pools';
import { EventLink, LinkedText } from '../../../../components/linked-text';
import { QueryState } from '../../../../components/query-state';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useCommishPosts } from '../../../../lib/pool-api/commish-posts';
import { useCreateCommishPost } from '../../api/entrants';

/** How long the form's error banner stays (spec 2: it disappears after 3 seconds). */
const BANNER_MS = 3000;

/**
 * The Commish tools' Commish's Desk: a post (headline, body, optional link, alert or bonus-related) to the pool's
 * news feed and the Home's Commish's Desk, and the posts so far below, refreshed after each post.
 */
export function CommishDeskTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const [summary, setSummary] = useState('');
  const [post, setPost] = useState('');
  const [link, setLink] = useState('');
  const [type, setType] = useState<string | null>(String(FEED_EVENT_TYPES.alert));
  const [banner, setBanner] = useState<string | null>(null);
  const create = useCreateCommishPost();

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The spec's order: body, headline, type (the server answers the same messages).
    if (!post.trim()) return setBanner(ENTRANTS_MESSAGES.postBodyRequired);
    if (!summary.trim()) return setBanner(ENTRANTS_MESSAGES.postHeadlineRequired);
    if (!type) return setBanner(ENTRANTS_MESSAGES.postTypeRequired);
    setBanner(null);
    create.mutate(
      {
        activePool: pool.id,
        summary,
        post,
        link: link.trim() || null,
        type:
          Number(type) === FEED_EVENT_TYPES.bonusPrize ? FEED_EVENT_TYPES.bonusPrize : FEED_EVENT_TYPES.alert,
      },
      {
        onSuccess: (answer) => {
          notify({ title: ENTRANTS_TOASTS.posted, message: answer.message });
          setSummary('');
          setPost('');
          setLink('');
          setType(String(FEED_EVENT_TYPES.alert));
        },
        onError: (error) => setBanner(errorMessage(error)),
      },
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="md" component="section" aria-labelledby="desk-form-title">
        <Title order={3} fz="md" id="desk-form-title" mb={4}>
          Post to the Commish's Desk
        </Title>
        <Text size="sm" c="dark.4" mb="sm">
          Your post shows on the pool's Home in the Commish's Desk and in the news feed.
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Headline"
              value={summary}
              onChange={(event) => setSummary(event.currentTarget.value)}
              maxLength={POST_HEADLINE_MAX}
              required
            />
            <Textarea
              label="Body"
              value={post}
              onChange={(event) => setPost(event.currentTarget.value)}
              maxLength={POST_BODY_MAX}
              autosize
              minRows={4}
              required
            />
            <TextInput
              label="Link (optional)"
              placeholder="https://"
              type="url"
              value={link}
              onChange={(event) => setLink(event.currentTarget.value)}
              maxLength={POST_LINK_MAX}
            />
            <Select
              label="Post type"
              data={POST_TYPE_OPTIONS.map((option) => ({ value: String(option.value), label: option.label }))}
              value={type}
              onChange={setType}
              allowDeselect={false}
              maw={260}
              required
            />
            {banner && (
              <Alert color="red" role="alert">
                {banner}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending}>
                Post
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <PastPosts poolId={pool.id} />
    </Stack>
  );
}

/** The pool's commissioner posts so far, newest first. */
function PastPosts({ poolId }: { poolId: number }) {
  const posts = useCommishPosts(poolId);
  const list = posts.data?.posts ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="desk-posts-title">
      <Title order={3} fz="md" id="desk-posts-title" mb="sm">
        Your league's posts
      </Title>
      {posts.isLoading || posts.isError ? (
        <QueryState query={posts} loading="Loading the posts" failed="The posts could not be loaded" />
      ) : list.length === 0 ? (
        <Text size="sm" c="dark.4">
          No posts yet. Your first post will show here and on the pool's Home.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Posts">
          {list.map((item, index) => (
            <Fragment key={item.id}>
              <Stack
                gap={4}
                component="li"
                pt={index > 0 ? 'sm' : 0}
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
              >
                <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {item.summary}
                  </Text>
                  <Badge
                    size="sm"
                    variant="filled"
                    color={item.type === FEED_EVENT_TYPES.bonusPrize ? 'yellow.4' : 'red.9'}
                    c={item.type === FEED_EVENT_TYPES.bonusPrize ? 'black' : undefined}
                  >
                    {item.type === FEED_EVENT_TYPES.bonusPrize ? 'Bonus' : 'Alert'}
                  </Badge>
                </Group>
                <Text size="xs" c="dark.4">
                  {item.username} · {formatDate(item.submitted_at, 'M/D/YY h:mm A')}
                </Text>
                <LinkedText text={item.post} />
                {item.link && <EventLink link={item.link} label={item.link} />}
              </Stack>
            </Fragment>
          ))}
        </Stack>
      )}
    </Card>
  );
}
