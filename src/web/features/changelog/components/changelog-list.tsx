import { Alert, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { CHANGELOG_MESSAGES } from '../../../../core/contracts/changelog';
import { formatDate } from '../../../lib/format';
import { useChangelog, useMarkChangelogViewed } from '../api/changelog';

/** The platform's updates as cards; opening it (signed in) marks them read. */
export function ChangelogList({ loggedIn }: { loggedIn: boolean }) {
  const entries = useChangelog();
  const markViewed = useMarkChangelogViewed();
  const marked = useRef(false);
  const { mutate } = markViewed;
  useEffect(() => {
    if (!loggedIn || !entries.isSuccess || marked.current) return;
    marked.current = true;
    mutate();
  }, [loggedIn, entries.isSuccess, mutate]);

  if (entries.isLoading) return <Loader aria-label="Loading changelog" />;
  if (entries.isError) {
    return (
      <Alert color="red" role="alert" title={CHANGELOG_MESSAGES.loadFailedTitle}>
        {CHANGELOG_MESSAGES.loadFailedBody}
      </Alert>
    );
  }
  const list = entries.data ?? [];
  if (list.length === 0) {
    return (
      <Card withBorder padding="xl" ta="center">
        <Stack align="center" gap="xs">
          <IconSparkles size={36} color="#234f9a" aria-hidden />
          <Title order={2} fz="lg">
            {CHANGELOG_MESSAGES.emptyTitle}
          </Title>
          <Text c="dark.4">{CHANGELOG_MESSAGES.emptyBody}</Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {list.map((entry) => (
        <Card key={entry.id} withBorder padding="md" component="article">
          <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
            <Title order={2} fz="lg">
              {entry.title}
            </Title>
            <Text size="sm" c="dark.4">
              {formatDate(entry.date, 'MMMM D, YYYY')}
            </Text>
          </Group>
          {entry.author && (
            <Text size="sm" c="dark.4" mb="xs">
              By {entry.author}
            </Text>
          )}
          <List spacing={4} size="sm">
            {entry.items.map((item, index) => (
              <List.Item key={index}>{item}</List.Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  );
}
