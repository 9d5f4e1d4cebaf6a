import { Button, Card, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LEAGUE_MESSAGES, type LeagueView } from '../../../../core/contracts/leagues';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useUpdateLeagueSettings } from '../api/leagues';

/** The member's own settings for this league; Save is enabled only when something changed. */
export function LeagueSettings({ view }: { view: LeagueView }) {
  const save = useUpdateLeagueSettings();
  const [saved, setSaved] = useState(view.viewer.settings?.email_new_pools ?? true);
  const [newPoolEmails, setNewPoolEmails] = useState(saved);
  return (
    <Card withBorder padding="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Your League Settings
        </Title>
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Setting</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>On/Off</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td fw={700}>Email Notifications</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    New League Pool Created
                  </Text>
                  <Text size="xs" c="dark.4">
                    An email is sent when the commissioner creates a new pool in this league.
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label="New League Pool Created"
                    checked={newPoolEmails}
                    onChange={(event) => setNewPoolEmails(event.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Button
          disabled={newPoolEmails === saved}
          loading={save.isPending}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            save.mutate(
              { leagueId: view.league.id, settings: { newPoolEmails } },
              {
                onSuccess: (answer) => {
                  setSaved(answer.email_new_pools);
                  setNewPoolEmails(answer.email_new_pools);
                  notify({
                    title: LEAGUE_MESSAGES.settingsSavedTitle,
                    message: LEAGUE_MESSAGES.settingsSavedBody,
                  });
                },
              },
            )
          }
        >
          Save Settings
        </Button>
        {save.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(save.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
