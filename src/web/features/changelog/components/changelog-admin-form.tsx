import '@mantine/dates/styles.css';
import { ActionIcon, Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { CHANGELOG_MESSAGES } from '../../../../core/contracts/changelog';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useServerToday } from '../../../lib/server-clock';
import { useAddChangelogEntry } from '../api/changelog';

/**
 * Site admin: a changelog entry with a title, a date (the server clock's today by default, which
 * the demo replays in the past) and at least one bullet.
 */
export function ChangelogAdminForm({ author }: { author: string }) {
  const add = useAddChangelogEntry();
  const serverToday = useServerToday();
  const [title, setTitle] = useState('');
  // undefined: not picked, so the date follows the server's today once it answers.
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const date = picked === undefined ? serverToday.today : picked;
  const [items, setItems] = useState<string[]>(['']);
  const [result, setResult] = useState<'ok' | 'error' | null>(null);

  const blank = !title.trim() || !date || items.some((item) => !item.trim());
  const setItem = (index: number, value: string) =>
    setItems((list) => list.map((item, i) => (i === index ? value : item)));

  return (
    <Card withBorder padding="lg" maw={720}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (blank || !date) return;
          setResult(null);
          add.mutate(
            { title, date, items, author },
            {
              onSuccess: () => {
                setResult('ok');
                notify({
                  title: CHANGELOG_MESSAGES.submittedToastTitle,
                  message: CHANGELOG_MESSAGES.submittedToastBody,
                });
                setTitle('');
                setPicked(undefined);
                void serverToday.refresh();
                setItems(['']);
              },
              onError: (error) => {
                setResult('error');
                notify({
                  title: CHANGELOG_MESSAGES.submitFailedToastTitle,
                  message: errorMessage(error),
                  color: 'red',
                });
              },
            },
          );
        }}
      >
        <Stack>
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <DateInput
            label="Date"
            required
            value={date}
            onChange={setPicked}
            valueFormat="YYYY-MM-DD"
            maw={240}
            popoverProps={{ withinPortal: true }}
          />
          <Stack gap="xs">
            <Text fw={500} size="sm">
              Bullet points
            </Text>
            {items.map((item, index) => (
              <Group key={index} gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={`Bullet ${index + 1}`}
                  placeholder="What changed?"
                  value={item}
                  onChange={(event) => setItem(index, event.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="lg"
                  aria-label={`Remove bullet ${index + 1}`}
                  disabled={items.length === 1}
                  onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setItems((list) => [...list, ''])}
              style={{ alignSelf: 'flex-start' }}
            >
              Add bullet
            </Button>
          </Stack>
          {result === 'ok' && (
            <Alert color="green" role="status">
              {CHANGELOG_MESSAGES.submitted}
            </Alert>
          )}
          {result === 'error' && (
            <Alert color="red" role="alert">
              {CHANGELOG_MESSAGES.submitFailed}
            </Alert>
          )}
          <Button type="submit" disabled={blank || add.isPending} loading={add.isPending}>
            Submit Entry
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
