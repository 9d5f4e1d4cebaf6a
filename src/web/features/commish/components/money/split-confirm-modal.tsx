import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { formatDollars as cents } from '../../../../../core/money';
import type { PendingSplit } from './use-split-plan';

/** "Process Prize Split?": the split as it was planned when the button was pressed, and its awards. */
export function SplitConfirmModal({
  opened,
  pending,
  processing,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  pending: PendingSplit | null;
  processing: boolean;
  onClose: () => void;
  onConfirm: (split: PendingSplit) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Process Prize Split?"
      centered
      transitionProps={{ duration: 1000 }}
    >
      {pending && (
        <Stack gap="sm">
          <Text size="sm">
            You are about to award <b>{cents(pending.amount)}</b> ({pending.percent}% of the{' '}
            {cents(pending.remaining)} remaining) to {pending.count.toLocaleString('en-US')}{' '}
            {pending.count === 1 ? 'entrant' : 'entrants'}
            {pending.others
              ? pending.awards.length > 0
                ? ', among them the shares you changed:'
                : ' by their default shares.'
              : ':'}
          </Text>
          <List
            size="sm"
            spacing={2}
            tabIndex={0}
            aria-label="Awards"
            style={{ maxHeight: 240, overflowY: 'auto' }}
          >
            {pending.awards.map((award) => (
              <List.Item key={award.id}>
                {award.label}: {cents(award.amount)}
              </List.Item>
            ))}
          </List>
          <Text size="sm">
            This split updates league finances (each amount is added to the entrant's prizes) and posts an
            update to the pool's news feed. It cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              GO BACK
            </Button>
            <Button color="red" loading={processing} onClick={() => onConfirm(pending)}>
              PROCESS SPLIT
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
