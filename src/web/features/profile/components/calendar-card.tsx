import { Alert, Button, Card, CopyButton, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import type { CalendarAddressResponse } from '../../../../core/contracts/me';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useCalendarAddress, useRenewCalendarAddress } from '../api/calendar';

/**
 * The profile's deadline calendar: a secret address that calendar apps subscribe to, listing every pick
 * lock of the user's pools. Only its hash is kept, so it is shown once, when made; renewing (after a
 * confirm) makes a new one and stops the old.
 */
export function CalendarCard() {
  const address = useCalendarAddress();
  const renew = useRenewCalendarAddress();
  const [confirming, setConfirming] = useState(false);
  const made = renew.data?.url ? renew.data : null;
  const exists = Boolean(address.data?.created_at);
  const submit = () => {
    setConfirming(false);
    renew.mutate();
  };
  return (
    <Card component="section" withBorder aria-labelledby="calendar-card-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarEvent size={22} aria-hidden />
          <Title order={2} fz="lg" id="calendar-card-title">
            Deadline calendar
          </Title>
        </Group>
        <Text size="sm">
          Subscribe in your calendar app to see every pick lock of your pools: the pool, the week and a link
          to Make Picks. Keep the address to yourself: anyone who has it sees your pools' deadlines.
        </Text>
        {address.isLoading || address.isError ? (
          <QueryState
            query={address}
            loading="Loading calendar address"
            failed="Could not load your calendar address"
          />
        ) : made ? (
          <MadeAddress made={made} />
        ) : exists ? (
          <Text size="sm" c="dark.5">
            Your calendar address was made on {formatDate(address.data?.created_at ?? '', 'MMMM D, YYYY')}. It
            is shown only when made: renew it to get a new one (the old one then stops working).
          </Text>
        ) : (
          <Text size="sm" c="dark.5">
            You have no calendar address yet.
          </Text>
        )}
        {renew.isError && (
          <Alert color="red" role="alert">
            {errorMessage(renew.error)}
          </Alert>
        )}
        {address.isSuccess && (
          <Group>
            <Button
              variant={exists ? 'default' : 'filled'}
              loading={renew.isPending}
              onClick={() => (exists ? setConfirming(true) : renew.mutate())}
            >
              {exists ? 'Renew address' : 'Make my calendar address'}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Renew your calendar address?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            A new address replaces the old one: calendars subscribed to the old address stop getting your
            deadlines until you subscribe them to the new one.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red.8" onClick={submit}>
              Renew
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** The address just made, with copy and subscribe; said to be shown this once. */
function MadeAddress({ made }: { made: CalendarAddressResponse }) {
  const url = made.url ?? '';
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label="Your calendar address"
          value={url}
          readOnly
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button color={copied ? 'green.8' : undefined} onClick={copy} w={90}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group gap="xs">
        <Button component="a" href={made.webcal_url} variant="light">
          Subscribe (webcal)
        </Button>
      </Group>
      <Text size="sm" c="dark.7" fw={700} role="status">
        Copy it now: it is shown only this once. Renew to get a new one.
      </Text>
    </Stack>
  );
}
