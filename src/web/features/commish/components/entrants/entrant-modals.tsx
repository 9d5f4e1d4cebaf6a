import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  type AdminEntrant,
  ENTRANT_NOTE_MAX,
  ENTRANTS_MESSAGES,
  ENTRANTS_TOASTS,
  LIFE_MESSAGE_MAX,
  MAX_ENTRY_LIVES,
} from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import { useEditUserLives, useUpdateUserNotes } from '../../api/entrants';

/** How long a validation message stays (spec 2 section 9). */
export const MESSAGE_MS = 3000;

/** A message that clears itself after three seconds. */
export function useFleetingMessage(): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}

/** An entry modal's foot: why its change failed (the server's message), GO BACK and the button that sends it. */
function ModalActions({
  change,
  failed,
  onClose,
  onSubmit,
  label,
  color,
}: {
  change: { error: unknown; isPending: boolean };
  failed: string;
  onClose: () => void;
  onSubmit: () => void;
  label: string;
  color?: string;
}) {
  return (
    <>
      {change.error ? (
        <Alert color="red" role="alert" title={failed}>
          {errorMessage(change.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          GO BACK
        </Button>
        <Button loading={change.isPending} onClick={onSubmit} color={color}>
          {label}
        </Button>
      </Group>
    </>
  );
}

/**
 * Raising or lowering an entry's lives: the new number, and the message the league reads in the pool's news
 * (required). Lowering to 0 warns that the entry will be eliminated.
 */
export function LivesModal({
  entrant,
  action,
  onClose,
}: {
  entrant: AdminEntrant;
  action: 'increase' | 'decrease';
  onClose: () => void;
}) {
  const raising = action === 'increase';
  const [lives, setLives] = useState<number>(raising ? entrant.lives + 1 : entrant.lives - 1);
  const [text, setText] = useState('');
  const [problem, setProblem] = useFleetingMessage();
  const edit = useEditUserLives();
  const min = raising ? entrant.lives + 1 : 0;
  const max = raising ? MAX_ENTRY_LIVES : entrant.lives - 1;

  const submit = () => {
    if (!text.trim()) {
      setProblem(ENTRANTS_MESSAGES.livesMessageRequired);
      return;
    }
    edit.mutate(
      {
        userSeasonId: entrant.entry_id,
        lifeAction: action,
        actionDesc: text,
        oldLives: entrant.lives,
        newLives: lives,
      },
      {
        onSuccess: (answer) => {
          notify({ title: ENTRANTS_TOASTS.livesUpdated, message: answer.message });
          onClose();
        },
        onError: () => notify({ ...ENTRANTS_TOASTS.livesError, color: 'red' }),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={`${raising ? 'Raise' : 'Lower'} lives of ${entrant.label}`}
    >
      <Stack>
        <Text size="sm">
          {entrant.label} has {entrant.lives} {entrant.lives === 1 ? 'life' : 'lives'} now.
        </Text>
        <NumberInput
          label="New lives"
          value={lives}
          onChange={(value) => setLives(typeof value === 'number' ? value : Number(value) || min)}
          onBlur={() => setLives((value) => Math.min(max, Math.max(min, Math.round(value))))}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
        />
        {lives === 0 && (
          <Alert color="red" title="This eliminates the entry">
            {entrant.label} will be eliminated from the pool.
          </Alert>
        )}
        <Textarea
          label="Message to your league"
          description="Posted to the pool's news feed with the change."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={LIFE_MESSAGE_MAX}
          autosize
          minRows={3}
          required
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <ModalActions
          change={edit}
          failed="Lives not changed"
          onClose={onClose}
          onSubmit={submit}
          label="Update lives"
          color={lives === 0 ? 'red' : undefined}
        />
      </Stack>
    </Modal>
  );
}

/** The commissioner's note on an entry (never shown to players); an empty note clears it. */
export function NoteModal({ entrant, onClose }: { entrant: AdminEntrant; onClose: () => void }) {
  const [note, setNote] = useState(entrant.notes ?? '');
  const save = useUpdateUserNotes();
  const submit = () =>
    save.mutate(
      { userSeasonId: entrant.entry_id, note },
      {
        onSuccess: (answer) => {
          notify({ title: ENTRANTS_TOASTS.noteUpdated, message: answer.message });
          onClose();
        },
        onError: () => notify({ ...ENTRANTS_TOASTS.noteError, color: 'red' }),
      },
    );
  return (
    <Modal opened onClose={onClose} centered title={`Note on ${entrant.label}`}>
      <Stack>
        <Textarea
          label="Note"
          description={`Only the league's commissioners see it (up to ${ENTRANT_NOTE_MAX} characters).`}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={ENTRANT_NOTE_MAX}
          autosize
          minRows={3}
          data-autofocus
        />
        <ModalActions
          change={save}
          failed="Note not saved"
          onClose={onClose}
          onSubmit={submit}
          label="Save note"
        />
      </Stack>
    </Modal>
  );
}
