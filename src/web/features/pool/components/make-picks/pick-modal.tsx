import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type PlayableGame, picksPlayers } from '../../../../../core/games';
import { describePickCancel, describePickConfirm } from '../../../../../core/picks';
import { errorMessage } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import { useMakeUserPick } from '../../api/picks';

/** A pick the player is about to confirm or cancel. */
export interface PendingPick {
  action: 'confirm' | 'cancel';
  /** Team abbreviation (nba, mlb, nfl) or NFL player id (nfl-td). */
  id: string;
  /** Team name or player name, as the messages read it. */
  name: string;
  week: number;
}

/** The MAKE PICK / CANCEL PICK confirmation; a refusal shows the server's message in the modal. */
export function PickModal({
  game,
  entryId,
  pick,
  onClose,
}: {
  game: PlayableGame;
  entryId: number;
  pick: PendingPick;
  onClose: () => void;
}) {
  const makePick = useMakeUserPick();
  const copy =
    pick.action === 'confirm'
      ? describePickConfirm(game, pick.name, pick.week)
      : describePickCancel(pick.name, pick.week);
  const submit = () =>
    makePick.mutate(
      {
        userSeasonId: entryId,
        week: pick.week,
        action: pick.action,
        ...(picksPlayers(game) ? { selectedPlayer: { id: pick.id, name: pick.name } } : { team: pick.id }),
      },
      {
        onSuccess: (data) => {
          notify({
            title: pick.action === 'confirm' ? 'Pick saved' : 'Pick cancelled',
            message: data.message,
          });
          onClose();
        },
      },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={pick.action === 'confirm' ? `Week ${pick.week} pick` : `Cancel Week ${pick.week} pick`}
    >
      <Stack>
        <Text>{copy.text}</Text>
        {makePick.isError && (
          <Alert color="red" role="alert" title="Pick not saved">
            {errorMessage(makePick.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            GO BACK
          </Button>
          <Button
            color={pick.action === 'confirm' ? undefined : 'red.8'}
            loading={makePick.isPending}
            onClick={submit}
          >
            {copy.buttonLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
