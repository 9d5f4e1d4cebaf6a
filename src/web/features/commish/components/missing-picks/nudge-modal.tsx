import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { NUDGE_INTERVAL_MINUTES } from '../../../../../core/contracts/pools';

/** A random key of 32 hex digits (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * NUDGE's confirmation. One request key per opened dialog: a repeat of its request (a double click, a retry)
 * answers the first nudge's result instead of a refusal.
 */
export function NudgeModal({
  week,
  total,
  pending,
  onClose,
  onConfirm,
}: {
  week: number;
  total: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: (requestKey: string) => void;
}) {
  const [requestKey] = useState(newRequestKey);
  return (
    <Modal opened onClose={onClose} title="Send a nudge?" centered>
      <Stack gap="sm">
        <Text size="sm">
          Every player with an entry among the {total.toLocaleString('en-US')} owing a Week {week} pick gets
          one e-mail listing their entries, the deadline and a link to Make Picks. Their picks are never
          named.
        </Text>
        <Text size="sm" c="dark.4">
          You can nudge this pool once every {NUDGE_INTERVAL_MINUTES} minutes.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button loading={pending} onClick={() => onConfirm(requestKey)}>
            SEND NUDGE
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
