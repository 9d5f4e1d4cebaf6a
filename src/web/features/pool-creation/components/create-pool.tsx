import {
  Alert,
  Button,
  Center,
  Fieldset,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  BONUS_CADENCE,
  BONUS_CADENCE_LABELS,
  type BonusCadence,
  type BonusOptionsMap,
  INSURANCE_OPTION,
  INSURANCE_OPTION_LABELS,
  type InsuranceOption,
  listBonusOptions,
  NFL_LOCK_TIME_LABELS,
} from '../../../../core/bonus';
import type { NflLockTime } from '../../../../core/calendar/locks';
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
import { poolAddressOf, poolPagePath } from '../../../../core/pool/identity';
import {
  lowerDependentValue,
  POOL_DEFAULTS,
  POOL_LIMITS,
  type PoolSettingsInput,
  PoolSettingsSchema,
} from '../../../../core/pool/settings';
import { BonusOptionFields, listBonusOptionRows } from '../../../components/bonus-option-fields';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatDollars } from '../../../lib/format';
import { useActivatePool, useCreationOptions, usePreviousPools } from '../api/creation';

/** The editable settings, money in cents. */
interface Draft {
  custom_name: string;
  buyin: number;
  rebuys: number;
  rebuy_price: number;
  /** Empty while the field is cleared: the schema then says what is wrong instead of a silent 1. */
  max_entries: number | '';
  insurance_option: InsuranceOption;
  insurance: number;
  shoot_moon: boolean;
  bonus_active: boolean;
  bonus_cadence: BonusCadence;
  bonus_shutdown: number;
  players_per_week: number;
  max_players_per_team: number;
  nfl_pass_tds: number;
  nfl_lock_time: NflLockTime;
  lock_at_pick_start: boolean;
  /** Copied from an earlier pool or edited here; absent means the game's defaults. */
  bonus_options?: BonusOptionsMap;
}

function defaultDraft(game: PlayableGame): Draft {
  return {
    custom_name: '',
    buyin: POOL_DEFAULTS.buyin,
    rebuys: POOL_DEFAULTS.rebuys,
    rebuy_price: POOL_DEFAULTS.rebuy_price,
    max_entries: POOL_DEFAULTS.max_entries,
    insurance_option: POOL_DEFAULTS.insurance_option,
    insurance: POOL_DEFAULTS.insurance,
    shoot_moon: POOL_DEFAULTS.shoot_moon,
    bonus_active: POOL_DEFAULTS.bonus_active,
    bonus_cadence: POOL_DEFAULTS.bonus_cadence,
    bonus_shutdown: POOL_DEFAULTS.bonus_shutdown,
    players_per_week: game === 'nfl-td' ? POOL_DEFAULTS.nflPlayersPerWeek : POOL_DEFAULTS.otherPlayersPerWeek,
    max_players_per_team: POOL_DEFAULTS.max_players_per_team,
    nfl_pass_tds: POOL_DEFAULTS.nfl_pass_tds,
    nfl_lock_time: POOL_DEFAULTS.nfl_lock_time,
    lock_at_pick_start: POOL_DEFAULTS.lock_at_pick_start,
  };
}

/** An earlier pool's settings as the form's draft: only what the game offers, so the copy activates as it is. */
function draftFromCopy(game: PlayableGame, copied: CopiedSettings): Draft {
  const isNfl = game === 'nfl-td';
  const offered = isNfl ? [] : listBonusOptions(game).map((option) => String(option.bonus_id));
  return {
    ...defaultDraft(game),
    custom_name: copied.custom_name,
    buyin: copied.buyin,
    rebuys: copied.rebuys,
    rebuy_price: copied.rebuy_price,
    max_entries: Math.max(1, copied.max_entries),
    insurance_option: isNfl ? 0 : copied.insurance_option,
    insurance: isNfl ? 0 : copied.insurance,
    shoot_moon: game === 'mlb' && copied.shoot_moon,
    bonus_active: !isNfl && copied.bonus_active,
    bonus_cadence:
      copied.bonus_cadence === BONUS_CADENCE.none ? BONUS_CADENCE.preseason : copied.bonus_cadence,
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

/** Only the settings the game offers, so the server's "not offered" rules never trip on hidden fields. */
function toSettings(game: PlayableGame, draft: Draft): PoolSettingsInput {
  const isNfl = game === 'nfl-td';
  return {
    game,
    custom_name: draft.custom_name.trim() || undefined,
    buyin: draft.buyin,
    rebuys: draft.rebuys,
    rebuy_price: draft.rebuys < 1 ? 0 : draft.rebuy_price,
    // NaN fails the shared schema with its max entries message, as 0 does.
    max_entries: draft.max_entries === '' ? Number.NaN : draft.max_entries,
    insurance_option: isNfl ? 0 : draft.insurance_option,
    insurance: isNfl || draft.insurance_option === INSURANCE_OPTION.none ? 0 : draft.insurance,
    shoot_moon: game === 'mlb' && draft.shoot_moon,
    bonus_active: !isNfl && draft.bonus_active,
    bonus_cadence: draft.bonus_cadence,
    bonus_shutdown: draft.bonus_shutdown,
    players_per_week: isNfl ? draft.players_per_week : 1,
    max_players_per_team: isNfl ? draft.max_players_per_team : 1,
    nfl_pass_tds: draft.nfl_pass_tds,
    nfl_lock_time: draft.nfl_lock_time,
    lock_at_pick_start: isNfl && draft.players_per_week > 1 && draft.lock_at_pick_start,
    bonus_options: isNfl ? undefined : draft.bonus_options,
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
  const [draft, setDraft] = useState<Draft>(() => defaultDraft(game));
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
  const isNfl = game === 'nfl-td';
  const settings = toSettings(game, draft);
  const parsed = PoolSettingsSchema.safeParse(settings);
  const errors = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      errors.set(String(issue.path[0]), issue.message);
      errors.set(issue.path.join('.'), issue.message);
    }
  const existing =
    league?.pools.find(
      (p) => p.game === game && p.season === season.season && p.season_type === season.season_type,
    )?.count ?? 0;
  const defaultName = defaultPoolName(season.game_name, existing);
  const locked = !loggedIn || !league;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const dollars = (cents: number) => cents / 100;
  const toCents = (value: string | number) => Math.max(0, Math.round(Number(value || 0) * 100));
  const whole = (value: string | number, min: number) => {
    const n = Math.trunc(Number(value));
    return Number.isFinite(n) && String(value) !== '' ? Math.max(min, n) : min;
  };

  const chooseGame = (next: string) => {
    const g = next as PlayableGame;
    setGame(g);
    setDraft(defaultDraft(g));
    setCopiedFrom(null);
    activate.reset();
  };

  const previousPools = previous.data?.pools ?? [];
  const copyFrom = (id: string | null) => {
    const found = previousPools.find((p) => String(p.id) === id);
    setCopiedFrom(found ? String(found.id) : null);
    setDraft(found ? draftFromCopy(game, found.settings) : defaultDraft(game));
  };
  const copied = previousPools.find((p) => String(p.id) === copiedFrom) ?? null;

  const submit = () => {
    if (!league || !parsed.success) return;
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
    ['Pool name', draft.custom_name.trim() || defaultName],
    ['Starts', `Week ${season.start_week}`],
    ...(copied ? [['Copied from', `${copied.name} (${copied.season})`] as [string, string]] : []),
    ['Buy-in', formatDollars(settings.buyin ?? 0)],
    ['Extra lives/rebuys', `${draft.rebuys} (${draft.rebuys + 1} lives)`],
    ['Rebuy price', formatDollars(settings.rebuy_price ?? 0)],
    ['Max entries', String(settings.max_entries)],
    ...(isNfl
      ? ([
          ['Picks per week', String(draft.players_per_week)],
          ['Max players per team', String(draft.max_players_per_team)],
          ['Passing TDs to advance', draft.nfl_pass_tds === 0 ? 'Ignored' : String(draft.nfl_pass_tds)],
          ['Lock time', NFL_LOCK_TIME_LABELS[draft.nfl_lock_time]],
          ...(draft.players_per_week > 1
            ? [['Lock at first pick start', draft.lock_at_pick_start ? 'Yes' : 'No'] as [string, string]]
            : []),
        ] as [string, string][])
      : ([
          [
            'Insurance',
            draft.insurance_option === INSURANCE_OPTION.none
              ? INSURANCE_OPTION_LABELS[0]
              : `${INSURANCE_OPTION_LABELS[draft.insurance_option]}, ${formatDollars(draft.insurance)}`,
          ],
          ...(game === 'mlb'
            ? [['Shoot the moon', draft.shoot_moon ? 'On' : 'Off'] as [string, string]]
            : []),
          [
            'Bonus pool',
            draft.bonus_active
              ? `On, ${BONUS_CADENCE_LABELS[draft.bonus_cadence]}, shuts down at ${draft.bonus_shutdown} entrants`
              : 'Off',
          ],
          ...(draft.bonus_active
            ? [['Bonuses', bonusSummary(game, draft.bonus_options ?? {})] as [string, string]]
            : []),
        ] as [string, string][])),
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
        <Stack gap="md">
          <TextInput
            label="Pool name"
            description="Leave empty for the default name."
            placeholder={defaultName}
            maxLength={60}
            value={draft.custom_name}
            onChange={(event) => set('custom_name', event.currentTarget.value)}
            error={errors.get('custom_name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Buy-in ($)"
              min={0}
              decimalScale={2}
              prefix="$"
              value={dollars(draft.buyin)}
              onChange={(value) => set('buyin', toCents(value))}
              error={errors.get('buyin')}
            />
            <NumberInput
              label="Max entries per player"
              description={`From ${POOL_LIMITS.minMaxEntries} to ${POOL_LIMITS.maxMaxEntries}.`}
              allowDecimal={false}
              allowNegative={false}
              value={draft.max_entries}
              onChange={(value) => set('max_entries', value === '' ? '' : Number(value))}
              error={errors.get('max_entries')}
            />
            <NumberInput
              label="Extra lives/rebuys"
              description={`Entries start with ${draft.rebuys + 1} lives. Three lives are recommended.`}
              min={POOL_LIMITS.minRebuys}
              allowDecimal={false}
              clampBehavior="blur"
              value={draft.rebuys}
              onChange={(value) => set('rebuys', whole(value, POOL_LIMITS.minRebuys))}
              error={errors.get('rebuys')}
            />
            <NumberInput
              label="Rebuy price ($)"
              description={draft.rebuys < 1 ? 'No rebuys, so nothing to price.' : 'Paid for each rebuy.'}
              min={0}
              decimalScale={2}
              prefix="$"
              disabled={draft.rebuys < 1}
              value={draft.rebuys < 1 ? 0 : dollars(draft.rebuy_price)}
              onChange={(value) => set('rebuy_price', toCents(value))}
              error={errors.get('rebuy_price')}
            />
          </SimpleGrid>

          {!isNfl && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Insurance"
                description="A one-time fee: a missed week gets an assigned pick."
                data={([0, 1, 2] as const).map((code) => ({
                  value: String(code),
                  label: INSURANCE_OPTION_LABELS[code],
                }))}
                value={String(draft.insurance_option)}
                onChange={(value) => set('insurance_option', Number(value ?? 0) as InsuranceOption)}
                allowDeselect={false}
              />
              {draft.insurance_option !== INSURANCE_OPTION.none && (
                <NumberInput
                  label="Insurance cost ($)"
                  min={0}
                  decimalScale={2}
                  prefix="$"
                  value={dollars(draft.insurance)}
                  onChange={(value) => set('insurance', toCents(value))}
                  error={errors.get('insurance')}
                />
              )}
            </SimpleGrid>
          )}

          {game === 'mlb' && (
            <Switch
              label="Shoot the moon"
              description="A team that goes 0-6 or worse in a week earns the entry a life."
              checked={draft.shoot_moon}
              onChange={(event) => set('shoot_moon', event.currentTarget.checked)}
            />
          )}

          {!isNfl && (
            <Stack gap="xs">
              <Switch
                label="Bonus pool"
                description="Entrants may opt in to win prizes for bonus events (50-point games, no-hitters...)."
                checked={draft.bonus_active}
                onChange={(event) => set('bonus_active', event.currentTarget.checked)}
              />
              {draft.bonus_active && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label="Bonus pool entry"
                    data={([1, 2, 3] as const).map((code) => ({
                      value: String(code),
                      label: { 1: 'Any time', 2: 'Once per month', 3: 'Only before the season begins' }[code],
                    }))}
                    value={String(draft.bonus_cadence)}
                    onChange={(value) => set('bonus_cadence', Number(value ?? 2) as BonusCadence)}
                    allowDeselect={false}
                  />
                  <NumberInput
                    label="Bonus shutdown #"
                    description="The bonus pool stops when this many entrants or fewer remain. Five or more is advised."
                    min={POOL_LIMITS.minBonusShutdown}
                    allowDecimal={false}
                    clampBehavior="blur"
                    value={draft.bonus_shutdown}
                    onChange={(value) => set('bonus_shutdown', whole(value, POOL_LIMITS.minBonusShutdown))}
                    error={errors.get('bonus_shutdown')}
                  />
                </SimpleGrid>
              )}
              {draft.bonus_active && (
                <Fieldset legend="Bonuses and prizes" variant="unstyled">
                  <BonusOptionFields
                    game={game}
                    options={draft.bonus_options ?? {}}
                    errorFor={(id) => errors.get(`bonus_options.${id}`)}
                    onChange={(options) => set('bonus_options', options)}
                  />
                </Fieldset>
              )}
            </Stack>
          )}

          {isNfl && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="Picks per week"
                min={POOL_LIMITS.minPlayersPerWeek}
                max={POOL_LIMITS.maxPlayersPerWeek}
                allowDecimal={false}
                clampBehavior="strict"
                value={draft.players_per_week}
                onChange={(value) => {
                  const next = Math.min(
                    POOL_LIMITS.maxPlayersPerWeek,
                    whole(value, POOL_LIMITS.minPlayersPerWeek),
                  );
                  setDraft((d) => ({
                    ...d,
                    players_per_week: next,
                    max_players_per_team: lowerDependentValue(next, d.max_players_per_team),
                  }));
                }}
                error={errors.get('players_per_week')}
              />
              <NumberInput
                label="Max players per team"
                description="Per week, at most the picks per week."
                min={POOL_LIMITS.minPlayersPerTeam}
                max={draft.players_per_week}
                allowDecimal={false}
                clampBehavior="strict"
                value={draft.max_players_per_team}
                onChange={(value) =>
                  set(
                    'max_players_per_team',
                    Math.min(draft.players_per_week, whole(value, POOL_LIMITS.minPlayersPerTeam)),
                  )
                }
                error={errors.get('max_players_per_team')}
              />
              <NumberInput
                label="Passing TDs to advance"
                description="0 ignores passing touchdowns."
                min={POOL_LIMITS.minPassTds}
                max={POOL_LIMITS.maxPassTds}
                allowDecimal={false}
                clampBehavior="strict"
                value={draft.nfl_pass_tds}
                onChange={(value) =>
                  set('nfl_pass_tds', Math.min(POOL_LIMITS.maxPassTds, whole(value, POOL_LIMITS.minPassTds)))
                }
                error={errors.get('nfl_pass_tds')}
              />
              <Select
                label="Weekly lock time"
                data={(Object.keys(NFL_LOCK_TIME_LABELS) as NflLockTime[]).map((key) => ({
                  value: key,
                  label: NFL_LOCK_TIME_LABELS[key],
                }))}
                value={draft.nfl_lock_time}
                onChange={(value) => set('nfl_lock_time', (value ?? 'first_game') as NflLockTime)}
                allowDeselect={false}
              />
              {draft.players_per_week > 1 && (
                <Switch
                  label="Lock at first pick's kickoff"
                  description="All of a week's picks lock when the first picked player's game starts."
                  checked={draft.lock_at_pick_start}
                  onChange={(event) => set('lock_at_pick_start', event.currentTarget.checked)}
                />
              )}
            </SimpleGrid>
          )}
        </Stack>
      </Fieldset>

      {activate.isError && !reviewing && (
        <Alert color="red" role="alert" title="The pool was not created">
          {errorMessage(activate.error)}
        </Alert>
      )}
      <Group>
        <Button disabled={locked || !parsed.success} onClick={() => setReviewing(true)} fullWidth={phone}>
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
            <Button onClick={submit} loading={activate.isPending} disabled={!league || !parsed.success}>
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
