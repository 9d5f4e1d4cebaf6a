import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type AdminLeague,
  CREATION_MESSAGES,
  defaultPoolName,
  startWeekMessage,
  type UpcomingSeason,
} from '../../../../core/contracts/pools';
import type { PlayableGame } from '../../../../core/games';
import { must } from '../../../../core/must';
import { poolAddressOf, poolPagePath } from '../../../../core/pool/identity';
import { PoolSettingsSchema } from '../../../../core/pool/settings';
import { PoolSettingsFields } from '../../../components/pool-settings-form/pool-settings-fields';
import { usePoolSettingsForm } from '../../../components/pool-settings-form/use-pool-settings-form';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useActivatePool, useCreationOptions, usePreviousPools } from '../api/creation';
import {
  applyNflPreset,
  defaultValues,
  reviewSettings,
  toSettings,
  valuesFromCopy,
} from './new-pool-settings';
import { NflPresets } from './nfl-presets';

const START_LABELS: Record<PlayableGame, string> = {
  nba: 'tip-off',
  'nfl-td': 'kickoff',
  nfl: 'kickoff',
  mlb: 'first pitch',
};

export interface CreatePoolProps {
  /** The game named by the address (/leagues/createpool/:game), preselected when it has a season ahead. */
  game?: string;
  /** The league named by the address (/league/:abb/createpool), preselected when the viewer runs it. */
  leagueAbb?: string;
  loggedIn: boolean;
  onLogin: () => void;
  /** The create-league form of the leagues feature, composed in by the page; it hands back the new league. */
  renderCreateLeague?: (onCreated: (league: { id: number; abb: string }) => void) => ReactNode;
}

/** Pool creation: league gating, game choice, every setting with its default, a review, then ACTIVATE POOL. */
export function CreatePool(props: CreatePoolProps) {
  const options = useCreationOptions();
  if (!options.data) {
    return <QueryState query={options} loading="loading pool options" failed="Could not load pool options" />;
  }
  if (options.data.seasons.length === 0) {
    return (
      <Alert color="blue" title="No upcoming pools">
        {CREATION_MESSAGES.noUpcoming}
      </Alert>
    );
  }
  return (
    <CreatePoolForm
      {...props}
      seasons={options.data.seasons}
      leagues={options.data.leagues}
      refetch={() => options.refetch()}
    />
  );
}

function CreatePoolForm({
  game: requestedGame,
  leagueAbb,
  loggedIn,
  onLogin,
  renderCreateLeague,
  seasons,
  leagues,
  refetch,
}: CreatePoolProps & { seasons: UpcomingSeason[]; leagues: AdminLeague[]; refetch: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 767px)');
  const activate = useActivatePool();
  // One season per game: the earliest still open.
  const byGame = useMemo(() => {
    const map = new Map<PlayableGame, UpcomingSeason>();
    for (const season of seasons) if (!map.has(season.game)) map.set(season.game, season);
    return map;
  }, [seasons]);
  const games = [...byGame.keys()];
  const [game, setGame] = useState<PlayableGame>(games.find((g) => g === requestedGame) ?? games[0] ?? 'mlb');
  const season = byGame.get(game) ?? seasons[0];
  const [leagueId, setLeagueId] = useState<number | null>(
    () => leagues.find((l) => l.abb.toLowerCase() === leagueAbb?.toLowerCase())?.id ?? null,
  );
  const [pendingAbb, setPendingAbb] = useState<string | null>(null);
  const [creatingLeague, setCreatingLeague] = useState(false);
  const form = usePoolSettingsForm(PoolSettingsSchema, defaultValues(game));
  const [reviewing, setReviewing] = useState(false);
  const [copiedFrom, setCopiedFrom] = useState<string | null>(null);
  const previous = usePreviousPools(loggedIn ? leagueId : null, game);

  // A league created inline appears in the list once the options refetch; then it is selected.
  useEffect(() => {
    if (!pendingAbb) return;
    const found = leagues.find((l) => l.abb.toLowerCase() === pendingAbb.toLowerCase());
    if (found) {
      setLeagueId(found.id);
      setPendingAbb(null);
    }
  }, [leagues, pendingAbb]);

  const league = leagues.find((l) => l.id === leagueId) ?? null;
  const valid = form.isValid();
  const settings = toSettings(form.values);
  const existing =
    league?.pools.find(
      (p) => p.game === game && p.season === season.season && p.season_type === season.season_type,
    )?.count ?? 0;
  const defaultName = defaultPoolName(season.game_name, existing);
  const locked = !loggedIn || !league;

  const chooseGame = (next: string) => {
    const g = next as PlayableGame;
    setGame(g);
    form.setValues(defaultValues(g));
    setCopiedFrom(null);
    activate.reset();
  };

  const previousPools = previous.data?.pools ?? [];
  const copyFrom = (id: string | null) => {
    const found = previousPools.find((p) => String(p.id) === id);
    setCopiedFrom(found ? String(found.id) : null);
    form.setValues(found ? valuesFromCopy(game, found.settings, season.weeks) : defaultValues(game));
  };
  const copied = previousPools.find((p) => String(p.id) === copiedFrom) ?? null;

  const submit = () => {
    if (!league || !valid) return;
    activate.mutate(
      { league_id: league.id, season: season.season, season_type: season.season_type, settings },
      {
        onSuccess: (pool) => navigate(poolPagePath(poolAddressOf(pool))),
      },
    );
  };

  const review: [string, string][] = [
    ['League', league ? `${league.name} (${league.abb})` : ''],
    ['Game', `${season.game_name} ${season.season}`],
    ['Pool name', settings.custom_name ?? defaultName],
    ['Starts', `Week ${season.start_week}`],
    ...(copied ? [['Copied from', `${copied.name} (${copied.season})`] as [string, string]] : []),
    ...reviewSettings(settings),
  ];

  return (
    <Stack gap="md" maw={900}>
      {!loggedIn && (
        <Alert color="blue" title="Log in to create a pool">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{CREATION_MESSAGES.loggedOut}</Text>
            <Button size="xs" onClick={onLogin}>
              LOG IN
            </Button>
          </Stack>
        </Alert>
      )}

      {loggedIn && (
        <Stack gap="xs">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="League"
              placeholder={leagues.length === 0 ? 'You do not run a league yet' : 'Select your league'}
              data={leagues.map((l) => ({ value: String(l.id), label: `${l.name} (${l.abb})` }))}
              value={leagueId === null ? null : String(leagueId)}
              onChange={(value) => {
                setLeagueId(value === null ? null : Number(value));
                setCopiedFrom(null);
              }}
              w={phone ? '100%' : 320}
              allowDeselect={false}
            />
            {renderCreateLeague && (
              <Button variant="default" onClick={() => setCreatingLeague((open) => !open)}>
                {creatingLeague ? 'Cancel new league' : 'Create a new league'}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dark.4">
            Only leagues where you are a commissioner are listed.
          </Text>
          {creatingLeague && renderCreateLeague && (
            <Fieldset legend="New league">
              {renderCreateLeague((created) => {
                setCreatingLeague(false);
                setPendingAbb(created.abb);
                void refetch();
              })}
            </Fieldset>
          )}
          {!league && (
            <Alert color="blue" title="Choose a league">
              {CREATION_MESSAGES.selectLeague}
            </Alert>
          )}
        </Stack>
      )}

      <Stack gap="xs">
        <Text fw={700} id="create-pool-game">
          Game
        </Text>
        <SegmentedControl
          aria-labelledby="create-pool-game"
          value={game}
          onChange={chooseGame}
          data={games.map((g) => ({
            value: g,
            label: `${must(byGame.get(g)).game_name} ${must(byGame.get(g)).season}`,
          }))}
          fullWidth={phone}
          // Four games side by side do not fit a phone's width.
          orientation={phone ? 'vertical' : 'horizontal'}
        />
        <Text size="sm">
          {startWeekMessage(season.start_week, season.game_name)}{' '}
          {season.start_week === 1
            ? `The season's ${START_LABELS[game]} is ${formatDate(season.start, 'MMMM D, YYYY')}.`
            : `Week ${season.start_week} locks ${formatDate(season.first_deadline, 'MMMM D, YYYY')}.`}
        </Text>
      </Stack>

      {!locked && previousPools.length > 0 && (
        <Stack gap={4}>
          <Select
            label="Start from a previous pool"
            description="Copies its settings into the form below; you can still change them before Review."
            placeholder="Choose a pool to copy, or keep the defaults"
            data={previousPools.map((p) => ({
              value: String(p.id),
              label: `${p.name} (${p.season}${p.season_type === 'reg' ? '' : ` ${p.season_type}`})`,
            }))}
            value={copiedFrom}
            onChange={copyFrom}
            clearable
            w={phone ? '100%' : 420}
          />
          {copied && (
            <Text size="sm" role="status">
              Settings copied from {copied.name} ({copied.season}).
            </Text>
          )}
        </Stack>
      )}

      <Fieldset
        legend="Pool settings"
        disabled={locked}
        aria-disabled={locked}
        style={locked ? { opacity: 0.45 } : undefined}
      >
        <Stack gap="md">
          {game === 'nfl' && (
            <NflPresets
              values={form.values}
              weeks={season.weeks}
              onChoose={(preset) => form.setValues(applyNflPreset(form.values, preset, season.weeks))}
            />
          )}
          <PoolSettingsFields
            form={form}
            layout="fields"
            defaultName={defaultName}
            correctMaxEntries={false}
            weekCount={season.weeks}
            // Weeks before the pool's start never ask for picks.
            lockedWeeks={Array.from({ length: season.start_week - 1 }, (_, index) => index + 1)}
          />
        </Stack>
      </Fieldset>

      {activate.isError && !reviewing && (
        <Alert color="red" role="alert" title="The pool was not created">
          {errorMessage(activate.error)}
        </Alert>
      )}
      <Group>
        <Button disabled={locked || !valid} onClick={() => setReviewing(true)} fullWidth={phone}>
          REVIEW
        </Button>
      </Group>

      <Modal
        opened={reviewing}
        onClose={() => setReviewing(false)}
        title={<Title order={3}>Review your pool</Title>}
        fullScreen={phone}
        size="lg"
      >
        <Stack gap="md">
          <Table>
            <Table.Tbody>
              {review.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" w="45%">
                    {label}
                  </Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {activate.isError && (
            <Alert color="red" role="alert" title="The pool was not created">
              {errorMessage(activate.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReviewing(false)}>
              Back
            </Button>
            <Button onClick={submit} loading={activate.isPending} disabled={!league || !valid}>
              ACTIVATE POOL
            </Button>
          </Group>
          <Text size="xs" c="dark.4">
            League members who want new-pool e-mails are told when the pool opens.
          </Text>
        </Stack>
      </Modal>
    </Stack>
  );
}
