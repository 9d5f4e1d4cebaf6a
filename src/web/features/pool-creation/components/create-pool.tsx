import {
  Alert,
  Button,
  Center,
  Fieldset,
  Group,
  Loader,
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
  BONUS_CADENCE_LABELS,
  type BonusOptionsMap,
  INSURANCE_OPTION_LABELS,
  listBonusOptions,
  NFL_LOCK_TIME_LABELS,
} from '../../../../core/bonus';
import {
  type AdminLeague,
  type CopiedSettings,
  CREATION_MESSAGES,
  defaultPoolName,
  startWeekMessage,
  type UpcomingSeason,
} from '../../../../core/contracts/pools';
import type { PlayableGame } from '../../../../core/games';
import { must } from '../../../../core/must';
import { getDefaultPoolSettings, POOL_LIMITS, PoolSettingsSchema } from '../../../../core/pool/settings';
import { listBonusOptionRows } from '../../../components/bonus-option-fields';
import { PoolSettingsFields } from '../../../components/pool-settings-form/pool-settings-fields';
import {
  type PoolSettingsFormValues,
  usePoolSettingsForm,
  wholeValue,
} from '../../../components/pool-settings-form/use-pool-settings-form';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatDollars } from '../../../lib/format';
import { useActivatePool, useCreationOptions, usePreviousPools } from '../api/creation';

/** A new pool's settings for a game, all defaults (spec 2 section 9); absent bonus options mean the game's. */
function defaultValues(game: PlayableGame): PoolSettingsFormValues {
  const {
    custom_name: _name,
    bonus_options: _options,
    start_week: _week,
    ...defaults
  } = getDefaultPoolSettings(game);
  return { ...defaults, custom_name: '', bonus_options: undefined };
}

/** An earlier pool's settings as the form's values: only what the game offers, so the copy activates as it is. */
function valuesFromCopy(game: PlayableGame, copied: CopiedSettings): PoolSettingsFormValues {
  const isNfl = game === 'nfl-td';
  const offered = isNfl ? [] : listBonusOptions(game).map((option) => String(option.bonus_id));
  return {
    ...defaultValues(game),
    custom_name: copied.custom_name,
    buyin: copied.buyin,
    rebuys: copied.rebuys,
    rebuy_price: copied.rebuy_price,
    max_entries: Math.max(1, copied.max_entries),
    insurance_option: isNfl ? 0 : copied.insurance_option,
    insurance: isNfl ? 0 : copied.insurance,
    shoot_moon: game === 'mlb' && copied.shoot_moon,
    bonus_active: !isNfl && copied.bonus_active,
    bonus_cadence: copied.bonus_cadence === 0 ? 3 : copied.bonus_cadence,
    bonus_shutdown: Math.max(POOL_LIMITS.minBonusShutdown, copied.bonus_shutdown),
    bonus_options: isNfl
      ? undefined
      : Object.fromEntries(Object.entries(copied.bonus_options).filter(([id]) => offered.includes(id))),
    ...(isNfl
      ? {
          players_per_week: copied.players_per_week,
          max_players_per_team: Math.min(copied.players_per_week, copied.max_players_per_team),
          nfl_pass_tds: copied.nfl_pass_tds,
          nfl_lock_time: copied.nfl_lock_time,
          lock_at_pick_start: copied.lock_at_pick_start,
        }
      : {}),
  };
}

/**
 * The request's settings: only those the game offers, so the server's "not offered" rules never trip on hidden
 * fields. Sent only once the form is valid, when no whole number is empty.
 */
function toSettings(values: PoolSettingsFormValues) {
  const isNfl = values.game === 'nfl-td';
  const rebuys = wholeValue(values.rebuys);
  const picks = wholeValue(values.players_per_week);
  return {
    game: values.game,
    custom_name: values.custom_name.trim() || undefined,
    buyin: values.buyin,
    rebuys,
    rebuy_price: rebuys < 1 ? 0 : values.rebuy_price,
    max_entries: wholeValue(values.max_entries),
    insurance_option: isNfl ? 0 : values.insurance_option,
    insurance: isNfl || values.insurance_option === 0 ? 0 : values.insurance,
    shoot_moon: values.game === 'mlb' && values.shoot_moon,
    bonus_active: !isNfl && values.bonus_active,
    bonus_cadence: values.bonus_cadence,
    bonus_shutdown: wholeValue(values.bonus_shutdown),
    players_per_week: isNfl ? picks : 1,
    max_players_per_team: isNfl ? wholeValue(values.max_players_per_team) : 1,
    nfl_pass_tds: wholeValue(values.nfl_pass_tds),
    nfl_lock_time: values.nfl_lock_time,
    lock_at_pick_start: isNfl && picks > 1 && values.lock_at_pick_start,
    bonus_options: isNfl ? undefined : values.bonus_options,
  };
}

/** The bonuses a new pool will pay, with prizes, for the Review. */
function bonusSummary(game: PlayableGame, options: BonusOptionsMap): string {
  const active = listBonusOptionRows(game, options).filter((row) => row.setting.active);
  if (active.length === 0) return 'None';
  return active
    .map((row) => `${row.definition.bonus_long_name} ${formatDollars(row.setting.prize, { whole: true })}`)
    .join(', ');
}

/** The Review's lines of the settings a new pool is created with. */
function reviewSettings(settings: ReturnType<typeof toSettings>): [string, string][] {
  const rows: [string, string][] = [
    ['Buy-in', formatDollars(settings.buyin)],
    ['Extra lives/rebuys', `${settings.rebuys} (${settings.rebuys + 1} lives)`],
    ['Rebuy price', formatDollars(settings.rebuy_price)],
    ['Max entries', String(settings.max_entries)],
  ];
  if (settings.game === 'nfl-td') {
    rows.push(
      ['Picks per week', String(settings.players_per_week)],
      ['Max players per team', String(settings.max_players_per_team)],
      ['Passing TDs to advance', settings.nfl_pass_tds === 0 ? 'Ignored' : String(settings.nfl_pass_tds)],
      ['Lock time', NFL_LOCK_TIME_LABELS[settings.nfl_lock_time]],
    );
    if (settings.players_per_week > 1)
      rows.push(['Lock at first pick start', settings.lock_at_pick_start ? 'Yes' : 'No']);
    return rows;
  }
  rows.push([
    'Insurance',
    settings.insurance_option === 0
      ? INSURANCE_OPTION_LABELS[0]
      : `${INSURANCE_OPTION_LABELS[settings.insurance_option]}, ${formatDollars(settings.insurance)}`,
  ]);
  if (settings.game === 'mlb') rows.push(['Shoot the moon', settings.shoot_moon ? 'On' : 'Off']);
  rows.push([
    'Bonus pool',
    settings.bonus_active
      ? `On, ${BONUS_CADENCE_LABELS[settings.bonus_cadence]}, shuts down at ${settings.bonus_shutdown} entrants`
      : 'Off',
  ]);
  if (settings.bonus_active)
    rows.push(['Bonuses', bonusSummary(settings.game, settings.bonus_options ?? {})]);
  return rows;
}

const START_LABELS: Record<PlayableGame, string> = {
  nba: 'tip-off',
  'nfl-td': 'kickoff',
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
  if (options.isLoading) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-label="loading pool options" />
          <Text c="dark.4">loading pool options</Text>
        </Stack>
      </Center>
    );
  }
  if (options.isError || !options.data) {
    return (
      <Alert color="red" role="alert" title="Could not load pool options">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(options.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void options.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
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
    form.setValues(found ? valuesFromCopy(game, found.settings) : defaultValues(game));
  };
  const copied = previousPools.find((p) => String(p.id) === copiedFrom) ?? null;

  const submit = () => {
    if (!league || !valid) return;
    activate.mutate(
      { league_id: league.id, season: season.season, season_type: season.season_type, settings },
      {
        onSuccess: (pool) =>
          navigate(`/${pool.game}/${pool.league_abb}/${pool.season}/${pool.season_type}/${pool.pool_idx}`),
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
        <PoolSettingsFields form={form} layout="fields" defaultName={defaultName} correctMaxEntries={false} />
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
