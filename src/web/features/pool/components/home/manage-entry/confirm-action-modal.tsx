import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../../../lib/api';

/** A confirmation of one entry action; a refusal shows the server's message inside the modal. */
export function ConfirmActionModal({
  title,
  text,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} centered title={title}>
      <Stack>
        <Text>{text}</Text>
        {error && (
          <Alert color="red" role="alert" title="Not done">
            {errorMessage(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            GO BACK
          </Button>
          <Button loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
