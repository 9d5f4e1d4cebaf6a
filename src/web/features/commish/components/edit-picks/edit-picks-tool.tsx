import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import {
  EDIT_PICKS_MESSAGES,
  type EditPicksResponse,
  NO_PICK_LABEL,
  type PoolDetails,
  type PoolViewer,
} from '../../../../../core/contracts/pools';
import { picksPlayers } from '../../../../../core/games';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { QueryState } from '../../../../components/query-state';
import { errorMessage } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import { useEditPicks, useUpdateUserPicks } from '../../api/picks';

/** The select's value for "no pick" (Mantine's options need a non-empty value). */
const NONE = 'none';

type ChosenEntry = NonNullable<EditPicksResponse['entry']>;
type WeekRow = ChosenEntry['weeks'][number];

/** A row's key: its week and slot (a week of one pick leaves the slot out, and it is 0). */
const rowKey = (row: WeekRow) => `${row.week}:${row.slot ?? 0}`;

/**
 * The Commish tools' Edit Picks: a searchable entrant select, then a 'Week N' row per week with a team select
 * ('- no pick -' first); a multi-pick week has a row per pick, 'Week N, pick 1 of 2'. Saving sends the loaded picks with the new ones, so a change made meanwhile is refused.
 * Game rules do not apply here (any team, a used one, an eliminated entrant); lives and status stay as they are.
 */
export function EditPicksTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const [entryId, setEntryId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  // Once an entry is chosen the box shows its name: the list is not searched for it again.
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const picks = useEditPicks(pool.id, entryId, chosenLabel !== null && search === chosenLabel ? '' : q);
  const found = picks.data?.entries ?? [];
  const chosen = picks.data?.entry;
  const options = [
    ...(chosen && chosen.id === entryId && !found.some((entry) => entry.id === chosen.id) ? [chosen] : []),
    ...found,
  ];
  const more = picks.data ? picks.data.total - found.length : 0;

  if (picksPlayers(pool.game)) {
    return (
      <Alert color="blue" title="Edit Picks">
        {EDIT_PICKS_MESSAGES.nflUnavailable}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={3}>Edit Picks</Title>
      <Text size="sm" c="dark.4">
        Change any entrant's pick for any week. Game rules do not apply here: any team may be chosen, even one
        already used, and eliminated entrants can be edited. Lives and status are not changed, and the pool's
        news feed tells which weeks you edited (naming teams only for weeks that have locked).
      </Text>
      <QueryState query={picks} loading="Loading entrants" failed="Edit Picks could not be loaded" />
      {picks.data && !picks.data.available && (
        <Alert color="blue" title="Edit Picks">
          {EDIT_PICKS_MESSAGES.nflUnavailable}
        </Alert>
      )}
      {picks.data?.available && picks.data.total === 0 && q === '' && entryId === null && (
        <Alert color="gray" title="No entrants yet">
          Nobody has entered this pool yet, so there are no picks to edit.
        </Alert>
      )}
      {picks.data?.available && (picks.data.total > 0 || q !== '' || entryId !== null) && (
        <>
          <Select
            label="Entrant"
            placeholder="Search for an entrant"
            description={more > 0 ? 'Type a name to find more entrants.' : undefined}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server has searched already: every option it sent is shown.
            filter={({ options: all }) => all}
            nothingFoundMessage={picks.isFetching ? 'Searching…' : 'No entrant by that name'}
            maw={420}
            data={options.map((entry) => ({
              value: String(entry.id),
              label:
                entry.status === ENTRY_STATUS.inactive
                  ? `${entry.label} (inactive)`
                  : entry.lives <= 0
                    ? `${entry.label} (eliminated)`
                    : entry.label,
            }))}
            value={entryId === null ? null : String(entryId)}
            onChange={(value, option) => {
              setEntryId(value === null ? null : Number(value));
              setChosenLabel(value === null ? null : (option?.label ?? null));
            }}
          />
          {entryId !== null && picks.isFetching && !picks.data.entry && (
            <Loader size="sm" aria-label="Loading picks" />
          )}
          {picks.data.entry && picks.data.entry.id === entryId && (
            <EntryPicks
              key={`${picks.data.entry.id}:${JSON.stringify(picks.data.entry.weeks)}`}
              entry={picks.data.entry}
              teams={picks.data.teams}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** One entry's weeks with their team selects; its state starts from the loaded picks (the key resets it). */
function EntryPicks({ entry, teams }: { entry: ChosenEntry; teams: EditPicksResponse['teams'] }) {
  const [chosen, setChosen] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(entry.weeks.map((row) => [rowKey(row), row.team])),
  );
  const update = useUpdateUserPicks();
  const dirty = entry.weeks.some((row) => (chosen[rowKey(row)] ?? null) !== row.team);
  const rowsOfWeek = new Map<number, number>();
  for (const row of entry.weeks) rowsOfWeek.set(row.week, (rowsOfWeek.get(row.week) ?? 0) + 1);
  // 'Week 4, pick 1 of 2' needs a wider label than 'Week 4'.
  const labelWidth = [...rowsOfWeek.values()].some((rows) => rows > 1) ? 104 : 88;
  const options = [
    { value: NONE, label: NO_PICK_LABEL },
    ...teams.map((team) => ({ value: team.abb, label: `${team.abb} (${team.name})` })),
  ];
  // A pick of a team the game no longer lists still shows as itself.
  const withHeld = (team: string | null) =>
    team === null || options.some((option) => option.value === team)
      ? options
      : [...options, { value: team, label: team }];

  const save = () =>
    update
      .mutateAsync({
        user_season_id: entry.id,
        oldSelections: entry.weeks.map((row) => ({ week: row.week, slot: row.slot ?? 0, team: row.team })),
        newSelections: entry.weeks.map((row) => ({
          week: row.week,
          slot: row.slot ?? 0,
          team: chosen[rowKey(row)] ?? null,
        })),
      })
      .then(
        (answer) => notify({ title: 'Picks updated', message: answer.message }),
        (error) =>
          notify({
            title: 'Error updating picks',
            message: `An error was encountered updating this user's picks: ${errorMessage(error).replace(/\.$/, '')}. Please contact ALA support for help with this error.`,
            color: 'red',
          }),
      );

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={700}>Picks of {entry.label}</Text>
        {entry.status === ENTRY_STATUS.inactive && <Badge color="gray">Inactive</Badge>}
        {entry.lives <= 0 && <Badge color="red">Eliminated</Badge>}
      </Group>
      {entry.weeks.length === 0 && (
        <Alert color="gray" title="No weeks">
          This pool has no weeks to pick.
        </Alert>
      )}
      <Stack
        gap={6}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`Picks of ${entry.label}`}
      >
        {entry.weeks.map((week) => {
          const key = rowKey(week);
          const value = chosen[key] ?? null;
          const changed = value !== week.team;
          const rows = rowsOfWeek.get(week.week) ?? 1;
          const pick = rows > 1 ? `pick ${(week.slot ?? 0) + 1} of ${rows}` : null;
          return (
            <Paper key={key} component="li" withBorder p="xs" radius="md">
              <Group gap="sm" wrap="nowrap" align="center">
                <Stack gap={0} w={labelWidth} style={{ flexShrink: 0 }}>
                  <Text fw={600}>
                    Week {week.week}
                    {pick !== null && (
                      <>
                        ,{' '}
                        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                          {pick}
                        </Text>
                      </>
                    )}
                  </Text>
                  {week.locked && (
                    <Text size="xs" c="dark.4">
                      <IconLock size={12} aria-hidden /> Locked
                    </Text>
                  )}
                </Stack>
                <Select
                  aria-label={`Week ${week.week} ${pick ?? 'pick'}`}
                  data={withHeld(week.team)}
                  value={value ?? NONE}
                  onChange={(next) =>
                    setChosen((current) => ({
                      ...current,
                      [key]: next === null || next === NONE ? null : next,
                    }))
                  }
                  allowDeselect={false}
                  searchable
                  style={{ flex: 1, minWidth: 0 }}
                />
                {changed && (
                  <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
                    Changed
                  </Badge>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Group>
        <Button onClick={save} disabled={!dirty} loading={update.isPending}>
          Save User Picks
        </Button>
      </Group>
    </Stack>
  );
}
