import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import type { ScheduleGame } from '../../../../core/contracts/sports';
import { ScheduleGameSchema } from '../../../../core/games';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useActiveWeek, useEnterResult, useReturnToFeed, useWeekGames } from '../api/feeds';

const STATUSES = [
  { value: 'final', label: 'Final' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'postponed', label: 'Postponed' },
  { value: 'scheduled', label: 'Scheduled' },
] as const;
type Status = (typeof STATUSES)[number]['value'];
const STATUS_LABEL: Record<string, string> = Object.fromEntries(STATUSES.map((s) => [s.value, s.label]));

/** Pick a game by week and enter or correct its result (audited on the server). */
export function ResultEditor({ defaultSeason }: { defaultSeason: number }) {
  const [game, setGame] = useState<string>('mlb');
  const [season, setSeason] = useState<number>(defaultSeason);
  // The week the admin typed; until then (and again after another game or season) the season's live week.
  const [chosenWeek, setChosenWeek] = useState<number | null>(null);
  const [editing, setEditing] = useState<ScheduleGame | null>(null);
  const live = useActiveWeek(game, season);
  // Week 1 before the season's first deadline, or when the season is unknown; none while it loads.
  const liveWeek = live.isSuccess
    ? Math.max(1, live.data.activeGameWeek)
    : live.isError || season <= 0
      ? 1
      : null;
  const week = chosenWeek ?? liveWeek;
  const games = useWeekGames(game, season, week ?? 0);

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Game"
          // Games are stored per schedule: NFL Survivor's are NFL TD's (nfl-td).
          data={ScheduleGameSchema.options}
          value={game}
          onChange={(value) => {
            if (!value || value === game) return;
            setGame(value);
            setChosenWeek(null);
          }}
          allowDeselect={false}
          w={140}
        />
        <NumberInput
          label="Season"
          value={season}
          onChange={(v) => {
            const next = Number(v) || 0;
            if (next === season) return;
            setSeason(next);
            setChosenWeek(null);
          }}
          w={120}
          min={1900}
        />
        <NumberInput
          label="Week"
          value={week ?? ''}
          onChange={(v) => setChosenWeek(Number(v) || 0)}
          w={100}
          min={1}
          max={60}
        />
      </Group>
      {/* No week yet: the season's live week is still on its way. */}
      <QueryState
        query={week === null ? live : games}
        loading="Loading games"
        failed="Could not load the games"
      />
      {games.data?.length === 0 && <Text c="dimmed">No games that week.</Text>}
      {games.data && games.data.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table striped verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Game</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {games.data.map((row) => (
                <Table.Tr key={row.gid}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.away} @ {row.home}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(row.utc, 'ddd M/D/YY, h:mm A')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {row.score_home === null ? '—' : `${row.score_away} – ${row.score_home}`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {STATUS_LABEL[row.status] ?? row.status}
                      {row.manual && ' · entered by hand'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setEditing(row)}
                      aria-label={`Edit result of ${row.away} @ ${row.home}, ${formatDate(row.utc, 'M/D')}`}
                    >
                      Edit result
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title="Enter or correct a result"
        centered
      >
        {editing && <ResultForm game={game} row={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

function ResultForm({ game, row, onDone }: { game: string; row: ScheduleGame; onDone: () => void }) {
  const enter = useEnterResult();
  const toFeed = useReturnToFeed();
  const [away, setAway] = useState<number>(row.score_away ?? 0);
  const [home, setHome] = useState<number>(row.score_home ?? 0);
  const [status, setStatus] = useState<Status>(row.status === 'scheduled' ? 'final' : row.status);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        enter.mutate(
          {
            game: game as 'mlb',
            gid: row.gid,
            score_away: away,
            score_home: home,
            status,
            periods: row.periods,
          },
          {
            onSuccess: () => {
              notify({
                title: 'Result saved',
                message: `${row.away} ${away}, ${row.home} ${home} (${status}).`,
              });
              onDone();
            },
          },
        );
      }}
    >
      <Stack>
        <Text fw={700}>
          {row.away} @ {row.home}
        </Text>
        <Group grow>
          <NumberInput
            label={`${row.away} (away)`}
            value={away}
            onChange={(v) => setAway(Number(v) || 0)}
            min={0}
          />
          <NumberInput
            label={`${row.home} (home)`}
            value={home}
            onChange={(v) => setHome(Number(v) || 0)}
            min={0}
          />
        </Group>
        <Select
          label="Status"
          data={STATUSES.map((s) => ({ ...s }))}
          value={status}
          onChange={(value) => value && setStatus(value as Status)}
          allowDeselect={false}
        />
        {enter.isError && (
          <Alert color="red" role="alert">
            {errorMessage(enter.error)}
          </Alert>
        )}
        {row.manual && (
          <Alert color="gray" title="Entered by hand">
            The feeds leave this result alone. Return it to the feed and the next poll replaces it with what
            the feed reports.
          </Alert>
        )}
        {toFeed.isError && (
          <Alert color="red" role="alert">
            {errorMessage(toFeed.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          {row.manual && (
            <Button
              variant="light"
              loading={toFeed.isPending}
              onClick={() =>
                toFeed.mutate(
                  { game: game as 'mlb', gid: row.gid },
                  {
                    onSuccess: () => {
                      notify({
                        title: 'Returned to the feed',
                        message: `${row.away} @ ${row.home} follows the feed again from its next poll.`,
                      });
                      onDone();
                    },
                  },
                )
              }
            >
              RETURN TO FEED
            </Button>
          )}
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={enter.isPending}>
            SAVE RESULT
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
