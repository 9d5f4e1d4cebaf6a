import { Alert, Card, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import {
  REMINDER_CHOICE_LABELS,
  REMINDER_CHOICES,
  type ReminderChoice,
} from '../../../../core/contracts/reminders';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api';
import { useReminderSettings, useSetPoolMute, useSetReminderChoice } from '../api/reminders';

/**
 * Pick reminders: when they are mailed before each lock (saved on choosing), and a switch per running
 * pool to mute that pool alone.
 */
export function ReminderSettingsCard() {
  const settings = useReminderSettings();
  const choose = useSetReminderChoice();
  const mute = useSetPoolMute();
  const data = settings.data;
  return (
    <Card withBorder>
      <Title order={2} fz="lg" mb="xs">
        Pick Reminders
      </Title>
      <Text size="sm" mb="sm">
        We e-mail you before each week locks when an entry of yours still needs a pick. Insured entries are
        reminded too: without a pick, insurance picks for them at the lock.
      </Text>
      <QueryState
        query={settings}
        loading="Loading reminder settings"
        failed="Could not load your reminder settings"
      />
      {data && (
        <Stack gap="md">
          {!data.email_confirmed && (
            <Alert color="yellow">
              Confirm your e-mail address to get reminders: they go to confirmed addresses only.
            </Alert>
          )}
          <Radio.Group
            label="Remind me"
            // The choice shows at once while it is saved; a refusal puts the saved one back, with why.
            value={choose.isPending && choose.variables ? choose.variables : data.reminders}
            onChange={(value) => {
              if (value !== data.reminders) choose.mutate(value as ReminderChoice);
            }}
          >
            <Stack gap="xs" mt="xs">
              {REMINDER_CHOICES.map((choice) => (
                <Radio
                  key={choice}
                  value={choice}
                  label={REMINDER_CHOICE_LABELS[choice]}
                  disabled={choose.isPending}
                />
              ))}
            </Stack>
          </Radio.Group>
          {choose.isError && (
            <Text size="sm" c="red.8" role="alert">
              {errorMessage(choose.error)}
            </Text>
          )}
          <div>
            <Text fw={600} size="sm" mb="xs">
              Your pools
            </Text>
            {data.pools.length === 0 ? (
              <Text size="sm" c="dimmed">
                You have no entry in a running pool.
              </Text>
            ) : (
              <Stack gap="xs">
                {data.pools.map((pool) => {
                  const saving = mute.isPending && mute.variables?.poolId === pool.pool_id;
                  return (
                    <Switch
                      key={pool.pool_id}
                      checked={saving ? !mute.variables?.muted : !pool.muted}
                      disabled={data.reminders === 'off' || saving}
                      onChange={(event) =>
                        mute.mutate({ poolId: pool.pool_id, muted: !event.currentTarget.checked })
                      }
                      label={`${pool.pool_name} (${pool.league_name})`}
                      description={pool.muted ? 'Muted: no reminders from this pool' : undefined}
                    />
                  );
                })}
              </Stack>
            )}
            {mute.isError && (
              <Text size="sm" c="red.8" role="alert" mt="xs">
                {errorMessage(mute.error)}
              </Text>
            )}
          </div>
        </Stack>
      )}
    </Card>
  );
}
