import { Alert, Box, Button, Card, Group, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import type { PushChoices, PushDevice } from '../../../../core/contracts/push';
import {
  REMINDER_CHOICE_LABELS,
  REMINDER_CHOICES,
  type ReminderChoice,
} from '../../../../core/contracts/reminders';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api';
import {
  readPushEnvironment,
  usePushState,
  useSavePushChoices,
  useSendTestPush,
  useTurnOffPush,
  useTurnOnPush,
} from '../api/push';
import { otherDevicesText, pushSupportOf } from '../push-support';

const REMINDER_OPTIONS = REMINDER_CHOICES.map((choice) => ({
  value: choice,
  label: REMINDER_CHOICE_LABELS[choice],
}));

/**
 * The profile's web push settings for the device it is opened on: turning notifications on (the browser
 * asks permission only on that tap), this device's choices, a test, and turning them off. Each device has
 * its own choices; the profile is never rendered on the server, so the browser is read at once.
 */
export function PushSettingsCard() {
  const [environment, setEnvironment] = useState(readPushEnvironment);
  const support = pushSupportOf(environment);
  return (
    <Card component="section" withBorder aria-labelledby="push-card-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconBell size={22} aria-hidden />
          <Title order={2} fz="lg" id="push-card-title">
            Notifications on this device
          </Title>
        </Group>
        <Text size="sm">
          Get pick reminders, results, champions and commissioner nudges as notifications on this phone or
          computer. Each device has its own choices.
        </Text>
        {support === 'unsupported' && (
          <Text size="sm" c="dark.5">
            This browser cannot get notifications from ALA Survivor.
          </Text>
        )}
        {support === 'install-first' && (
          <Text size="sm" c="dark.5">
            On iPhone, add ALA Survivor to your Home Screen first (Share, then Add to Home Screen), then open
            it from there to turn on notifications.
          </Text>
        )}
        {support === 'blocked' && (
          <Text size="sm" c="dark.5">
            Notifications are blocked for this site in this browser. To allow them, open the site's settings
            (the icon beside the address, or the browser's settings for this site), set Notifications to
            Allow, then reload this page.
          </Text>
        )}
        {support === 'available' && (
          <PushControls onPermission={(permission) => setEnvironment((old) => ({ ...old, permission }))} />
        )}
      </Stack>
    </Card>
  );
}

/** Turning on, or this device's choices and buttons once it is on. */
function PushControls({ onPermission }: { onPermission: (permission: NotificationPermission) => void }) {
  const state = usePushState();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const data = state.data;
  if (!data) {
    return state.isError ? (
      <QueryState
        query={state}
        loading="Loading notification settings"
        failed="Could not load your notification settings"
      />
    ) : (
      // The size of the button it becomes: the profile below does not move when it comes.
      <Box h={36} w={200} bg="gray.2" role="status" aria-label="Loading notification settings" />
    );
  }
  const device = data.devices.find((each) => each.endpoint === data.endpoint);
  const others = otherDevicesText(data.devices.length - (device ? 1 : 0), Boolean(device));
  const askAgain = !device && turnOn.data?.permission === 'default';
  return (
    <>
      {device ? (
        <DeviceChoices device={device} turningOff={turnOff.isPending} onTurnOff={turnOff.mutate} />
      ) : (
        <Group>
          <Button
            loading={turnOn.isPending}
            onClick={() =>
              // Asked in the tap itself: Safari shows the prompt only for a user's gesture.
              turnOn.mutate(
                { publicKey: data.public_key, permission: Notification.requestPermission() },
                { onSuccess: (answer) => onPermission(answer.permission) },
              )
            }
          >
            Turn on notifications
          </Button>
        </Group>
      )}
      {askAgain && (
        <Text size="sm" c="dark.5">
          Notifications were not allowed. Tap Turn on notifications to be asked again.
        </Text>
      )}
      {others && (
        <Text size="sm" c="dark.5">
          {others}
        </Text>
      )}
      <ActionError action={turnOn} />
      <ActionError action={turnOff} />
    </>
  );
}

/** This device's choices (each saved on change), a test notification and turning it off. */
function DeviceChoices({
  device,
  turningOff,
  onTurnOff,
}: {
  device: PushDevice;
  turningOff: boolean;
  onTurnOff: (endpoint: string) => void;
}) {
  const save = useSavePushChoices();
  const test = useSendTestPush();
  // The latest choice shows at once while the saves go out in turn; a refusal puts the saved one back.
  const choices: PushChoices = save.isPending && save.variables ? save.variables : device;
  const change = (next: Partial<PushChoices>) =>
    save.mutate({
      reminders: choices.reminders,
      results: choices.results,
      champions: choices.champions,
      nudges: choices.nudges,
      ...next,
    });
  return (
    <>
      <Text size="sm" fw={600}>
        On for this device. Choose what it gets:
      </Text>
      <NativeSelect
        label="Pick reminders"
        description="Before each week locks, when an entry of yours still needs a pick"
        data={REMINDER_OPTIONS}
        value={choices.reminders}
        onChange={(event) => change({ reminders: event.currentTarget.value as ReminderChoice })}
        maw={320}
      />
      <Switch
        label="Results"
        description="When a week settles: how each of your entries did"
        checked={choices.results}
        onChange={(event) => change({ results: event.currentTarget.checked })}
      />
      <Switch
        label="Champions"
        description="When a pool of yours ends"
        checked={choices.champions}
        onChange={(event) => change({ champions: event.currentTarget.checked })}
      />
      <Switch
        label="Commissioner nudges"
        description="When a commissioner reminds you of a missing pick"
        checked={choices.nudges}
        onChange={(event) => change({ nudges: event.currentTarget.checked })}
      />
      <Group gap="xs">
        <Button variant="light" loading={test.isPending} onClick={() => test.mutate(device.endpoint)}>
          Send a test notification
        </Button>
        <Button variant="default" loading={turningOff} onClick={() => onTurnOff(device.endpoint)}>
          Turn off on this device
        </Button>
      </Group>
      {test.isSuccess && (
        <Text size="sm" role="status">
          {test.data.message}
        </Text>
      )}
      <ActionError action={save} />
      <ActionError action={test} />
    </>
  );
}

/** The server's (or the browser's) reason an action failed. */
function ActionError({ action }: { action: { isError: boolean; error: unknown } }) {
  return action.isError ? (
    <Alert color="red" role="alert">
      {errorMessage(action.error)}
    </Alert>
  ) : null;
}
