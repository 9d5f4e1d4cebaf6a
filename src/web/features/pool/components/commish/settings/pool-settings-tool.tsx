import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
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
import dayjs from 'dayjs';
import { createContext, type ReactNode, useContext, useEffect, useId, useState } from 'react';
import {
  type BonusCadence,
  INSURANCE_OPTION,
  INSURANCE_OPTION_LABELS,
  type InsuranceOption,
  NFL_LOCK_TIME_LABELS,
} from '../../../../../../core/bonus';
import type { NflLockTime } from '../../../../../../core/calendar/locks';
import {
  type PoolDetails,
  type PoolSettingsValues,
  type PoolSettingsView,
  type PoolViewer,
  SETTINGS_MESSAGES,
} from '../../../../../../core/contracts/pools';
import { parseDollarsToCents } from '../../../../../../core/money';
import {
  clampNumericInput,
  lowerDependentValue,
  POOL_LIMITS,
  PoolSettingsEditSchema,
  sanitizeIntegerText,
} from '../../../../../../core/pool/settings';
import {
  BonusOptionControl,
  bonusOptionNote,
  changeBonusOption,
  listBonusOptionRows,
} from '../../../../../components/bonus-option-fields';
import { errorMessage } from '../../../../../lib/api';
import { formatDate, formatDollars } from '../../../../../lib/format';
import { notify } from '../../../../../lib/notify';
import { usePoolSettings, useUpdatePoolSettings } from '../../../api/commish-settings';

/** Rows render as a table on a desktop and as stacked cards on a phone. */
const PhoneContext = createContext(false);

/** One setting: its name, its input and its note. */
function SettingRow({ label, note, children }: { label: string; note?: ReactNode; children: ReactNode }) {
  const phone = useContext(PhoneContext);
  if (phone) {
    return (
      <Paper withBorder p="sm" radius="md" component="li">
        <Stack gap={6}>
          <Text fw={700} size="sm">
            {label}
          </Text>
          {children}
          {note && (
            <Text size="xs" c="dark.4">
              {note}
            </Text>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Table.Tr>
      <Table.Th scope="row" w="24%" style={{ verticalAlign: 'top', paddingTop: 14 }}>
        {label}
      </Table.Th>
      <Table.Td w="36%">{children}</Table.Td>
      <Table.Td>
        <Text size="xs" c="dark.4">
          {note}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** A group of setting rows under a heading. */
function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const phone = useContext(PhoneContext);
  const id = useId();
  return (
    <Stack gap="xs">
      <Title order={4} id={id}>
        {title}
      </Title>
      {phone ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={id}>
          {children}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder verticalSpacing="xs" aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Setting</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** A whole number typed freely, clamped to its range when the field is left (empty becomes the minimum). */
function IntegerField(props: {
  label: string;
  value: number;
  min: number;
  max?: number;
  disabled?: boolean;
  error?: string;
  prefix?: string;
  onCommit: (value: number) => void;
}) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => setText(String(props.value)), [props.value]);
  return (
    <TextInput
      aria-label={props.label}
      inputMode="numeric"
      value={text}
      disabled={props.disabled}
      error={props.error}
      leftSection={props.prefix}
      onChange={(event) => setText(sanitizeIntegerText(event.currentTarget.value))}
      onBlur={() => {
        const value = clampNumericInput(text, { min: props.min, max: props.max });
        setText(String(value));
        props.onCommit(value);
      }}
    />
  );
}

const show = (cents: number) => (cents / 100).toFixed(2);

/** Dollars and cents typed, cents stored; anything that is not an amount becomes $0, too much the maximum. */
function DollarField(props: {
  label: string;
  cents: number;
  disabled?: boolean;
  error?: string;
  onCommit: (cents: number) => void;
}) {
  const [text, setText] = useState(show(props.cents));
  useEffect(() => setText(show(props.cents)), [props.cents]);
  return (
    <TextInput
      aria-label={props.label}
      inputMode="decimal"
      leftSection="$"
      value={text}
      disabled={props.disabled}
      error={props.error}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => {
        const parsed = parseDollarsToCents(text) ?? 0;
        const cents = Math.min(POOL_LIMITS.maxMoney, Math.max(0, parsed));
        setText(show(cents));
        props.onCommit(cents);
      }}
    />
  );
}

const CADENCE_OPTIONS: { value: string; label: string }[] = [
  { value: '1', label: 'Any time' },
  { value: '2', label: 'Once per month' },
  { value: '3', label: 'Only before the season begins' },
];

/** An ISO instant as a datetime-local value in the viewer's zone, and back. */
const toLocalInput = (iso: string) => dayjs(iso).format('YYYY-MM-DDTHH:mm');
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/** The Commish tools' Pool Settings: every setting with its note, saved at once with SAVE SETTINGS. */
export function PoolSettingsTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const settings = usePoolSettings(pool.id);
  // Held here, not by the form: a save remounts the form with the saved settings, and the toast must still show.
  const update = useUpdatePoolSettings(pool.id);
  if (settings.isLoading) {
    return (
      <Center py="lg">
        <Loader aria-label="Loading pool settings" />
      </Center>
    );
  }
  if (settings.isError || !settings.data) {
    return (
      <Alert color="red" title="The pool settings could not be loaded" role="alert">
        {errorMessage(settings.error)}
      </Alert>
    );
  }
  // A save (or another admin's) gives new stored settings: the form starts again from them.
  return <SettingsForm key={JSON.stringify(settings.data.settings)} view={settings.data} update={update} />;
}

function SettingsForm({
  view,
  update,
}: {
  view: PoolSettingsView;
  update: ReturnType<typeof useUpdatePoolSettings>;
}) {
  const phone = useMediaQuery('(max-width: 767px)') ?? false;
  const saved = view.settings;
  const [draft, setDraft] = useState<PoolSettingsValues>(saved);
  const [retroactive, setRetroactive] = useState(true);
  const set = <K extends keyof PoolSettingsValues>(key: K, value: PoolSettingsValues[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const game = view.game;
  const isNfl = game === 'nfl-td';
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const buyinChanged = draft.buyin !== saved.buyin;
  const parsed = PoolSettingsEditSchema.safeParse(draft);
  const errors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.slice(0, 2).join('.');
      if (!errors.has(key)) errors.set(key, issue.message);
      if (!errors.has(String(issue.path[0]))) errors.set(String(issue.path[0]), issue.message);
    }
  }
  const locked = new Set(view.locked_weeks);
  const weeks = draft.deadlines.map((_, index) => index + 1);
  const lockedWeeks = weeks.filter((week) => locked.has(week));
  const openWeeks = weeks.filter((week) => !locked.has(week));
  const disabled = view.final || update.isPending;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = () => {
    update.mutate(
      {
        leagueSeasonId: view.pool_id,
        poolSettings: draft,
        retroactive: buyinChanged && retroactive,
      },
      {
        onSuccess: () =>
          notify({ title: SETTINGS_MESSAGES.savedTitle, message: SETTINGS_MESSAGES.savedText }),
        onError: (error) =>
          notify({
            title: SETTINGS_MESSAGES.failedTitle,
            message: `${SETTINGS_MESSAGES.failedText} ${errorMessage(error)}`,
            color: 'red',
          }),
      },
    );
  };

  const saveButton = (
    <Button
      onClick={submit}
      disabled={!dirty || !parsed.success || view.final}
      loading={update.isPending}
      fullWidth={phone}
    >
      SAVE SETTINGS
    </Button>
  );

  return (
    <PhoneContext.Provider value={phone}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={3}>Pool Settings</Title>
            <Text size="sm" c="dark.4">
              {view.entrants} {view.entrants === 1 ? 'entrant' : 'entrants'} ·{' '}
              {view.live_week > 0 ? `Week ${view.live_week} of ${view.week_count}` : 'Before Week 1'} ·{' '}
              {view.started
                ? `Started ${formatDate(view.start, 'MMMM D, YYYY')}`
                : `Starts ${formatDate(view.start, 'MMMM D, YYYY h:mm A')}`}
            </Text>
          </Stack>
          {saveButton}
        </Group>
        {view.final && (
          <Alert color="gray" title="This pool has concluded">
            {SETTINGS_MESSAGES.final}
          </Alert>
        )}
        {update.isError && (
          <Alert color="red" role="alert" title={SETTINGS_MESSAGES.failedTitle}>
            {errorMessage(update.error)}
          </Alert>
        )}

        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">
            <SettingsSection title="Pool">
              <SettingRow label="Pool Name" note={`Leave empty for the default name (${view.default_name}).`}>
                <TextInput
                  aria-label="Pool Name"
                  placeholder={view.default_name}
                  maxLength={60}
                  value={draft.custom_name ?? ''}
                  onChange={(event) => set('custom_name', event.currentTarget.value || null)}
                  error={errors.get('custom_name')}
                />
              </SettingRow>
              <SettingRow label="Max Entries" note="How many entries one player may hold (at least 1).">
                <IntegerField
                  label="Max Entries"
                  value={draft.max_entries}
                  min={POOL_LIMITS.minMaxEntries}
                  max={POOL_LIMITS.maxMaxEntries}
                  error={errors.get('max_entries')}
                  onCommit={(value) => set('max_entries', value)}
                />
              </SettingRow>
              <SettingRow
                label="Extra Lives/Rebuys"
                note={
                  view.started
                    ? `Locked: the pool started on ${formatDate(view.start, 'MMMM D, YYYY')}.`
                    : `Entries start with ${draft.rebuys + 1} lives (three are recommended). Existing entries' lives move by the change. Locked once the pool starts.`
                }
              >
                <IntegerField
                  label="Extra Lives/Rebuys"
                  value={draft.rebuys}
                  min={POOL_LIMITS.minRebuys}
                  max={POOL_LIMITS.maxRebuys}
                  disabled={view.started}
                  error={errors.get('rebuys')}
                  onCommit={(value) => set('rebuys', value)}
                />
              </SettingRow>
              <SettingRow
                label="Rebuy Price"
                note={
                  draft.rebuys < 1 ? 'No rebuys, so nothing to price.' : 'Paid for each rebuy; may be $0.'
                }
              >
                <DollarField
                  label="Rebuy Price"
                  cents={draft.rebuys < 1 ? 0 : draft.rebuy_price}
                  disabled={draft.rebuys < 1}
                  error={errors.get('rebuy_price')}
                  onCommit={(cents) => set('rebuy_price', cents)}
                />
              </SettingRow>
              <SettingRow
                label="Buy-in"
                note={`May be $0. Currently ${formatDollars(saved.buyin)}; ${view.entries} existing ${view.entries === 1 ? 'entry' : 'entries'}.`}
              >
                <Stack gap={6}>
                  <DollarField
                    label="Buy-in"
                    cents={draft.buyin}
                    error={errors.get('buyin')}
                    onCommit={(cents) => set('buyin', cents)}
                  />
                  {buyinChanged && (
                    <Checkbox
                      label={`Retroactive: ${draft.buyin > saved.buyin ? 'charge' : 'refund'} existing entries (${view.entries} now) the ${formatDollars(Math.abs(draft.buyin - saved.buyin))} difference`}
                      checked={retroactive}
                      onChange={(event) => setRetroactive(event.currentTarget.checked)}
                    />
                  )}
                </Stack>
              </SettingRow>
              {!isNfl && (
                <SettingRow
                  label="Insurance"
                  note="A one-time fee covering the rest of the season: a missed pick becomes the most popular or a random pick."
                >
                  <Select
                    aria-label="Insurance"
                    data={([0, 1, 2] as const).map((code) => ({
                      value: String(code),
                      label: INSURANCE_OPTION_LABELS[code],
                    }))}
                    value={String(draft.insurance_option)}
                    onChange={(value) => set('insurance_option', Number(value ?? 0) as InsuranceOption)}
                    allowDeselect={false}
                    error={errors.get('insurance_option')}
                  />
                </SettingRow>
              )}
              {!isNfl && draft.insurance_option !== INSURANCE_OPTION.none && (
                <SettingRow label="Insurance Cost" note="Paid once per entry.">
                  <DollarField
                    label="Insurance Cost"
                    cents={draft.insurance}
                    error={errors.get('insurance')}
                    onCommit={(cents) => set('insurance', cents)}
                  />
                </SettingRow>
              )}
              {game === 'mlb' && (
                <SettingRow
                  label="Shoot the Moon"
                  note="A selection that loses every game in a week (0-6 or worse) earns an extra life."
                >
                  <Switch
                    aria-label="Shoot the Moon"
                    checked={draft.shoot_moon}
                    onChange={(event) => set('shoot_moon', event.currentTarget.checked)}
                  />
                </SettingRow>
              )}
            </SettingsSection>

            {!isNfl && (
              <SettingsSection title="Bonus Pool">
                <SettingRow
                  label="Bonus Pool Active"
                  note="Entrants may opt in to win prizes for bonus events."
                >
                  <Switch
                    aria-label="Bonus Pool Active"
                    checked={draft.bonus_active}
                    onChange={(event) => set('bonus_active', event.currentTarget.checked)}
                  />
                </SettingRow>
                {draft.bonus_active && (
                  <>
                    <SettingRow
                      label="Shut Down Bonus Pool"
                      note="Shut the bonus pool down now, or turn it back on. We advise shutting down with no fewer than five entrants remaining."
                    >
                      <Switch
                        aria-label="Shut Down Bonus Pool"
                        checked={draft.bonus_disabled}
                        onChange={(event) => set('bonus_disabled', event.currentTarget.checked)}
                      />
                    </SettingRow>
                    <SettingRow
                      label="Bonus Pool Entry"
                      note="When entrants may join or leave the bonus pool; changes take effect the following week."
                    >
                      <Select
                        aria-label="Bonus Pool Entry"
                        data={CADENCE_OPTIONS}
                        value={String(draft.bonus_cadence)}
                        onChange={(value) => set('bonus_cadence', Number(value ?? 2) as BonusCadence)}
                        allowDeselect={false}
                      />
                    </SettingRow>
                    <SettingRow
                      label="Bonus Shutdown #"
                      note="The bonus pool shuts down by itself when this many entrants or fewer remain at a week's start."
                    >
                      <IntegerField
                        label="Bonus Shutdown #"
                        value={draft.bonus_shutdown}
                        min={POOL_LIMITS.minBonusShutdown}
                        max={POOL_LIMITS.maxBonusShutdown}
                        error={errors.get('bonus_shutdown')}
                        onCommit={(value) => set('bonus_shutdown', value)}
                      />
                    </SettingRow>
                    {listBonusOptionRows(draft.game, draft.bonus_options).map((row) => (
                      <SettingRow
                        key={row.id}
                        label={row.definition.bonus_long_name}
                        note={bonusOptionNote(row.definition)}
                      >
                        <BonusOptionControl
                          row={row}
                          error={errors.get(`bonus_options.${row.id}`)}
                          onChange={(change) =>
                            set(
                              'bonus_options',
                              changeBonusOption(draft.game, draft.bonus_options, row.id, change),
                            )
                          }
                        />
                      </SettingRow>
                    ))}
                  </>
                )}
              </SettingsSection>
            )}

            {isNfl && (
              <SettingsSection title="NFL TD">
                <SettingRow label="Picks Per Week" note="Locked for NFL TD pools.">
                  <IntegerField
                    label="Picks Per Week"
                    value={draft.players_per_week}
                    min={POOL_LIMITS.minPlayersPerWeek}
                    max={POOL_LIMITS.maxPlayersPerWeek}
                    disabled
                    onCommit={(value) =>
                      setDraft((d) => ({
                        ...d,
                        players_per_week: value,
                        max_players_per_team: lowerDependentValue(value, d.max_players_per_team),
                      }))
                    }
                  />
                </SettingRow>
                <SettingRow
                  label="Lock at First Kickoff"
                  note={
                    draft.players_per_week > 1
                      ? "All of a week's picks lock when the first picked player's game starts."
                      : 'Only with more than one pick per week.'
                  }
                >
                  <Switch
                    aria-label="Lock at First Kickoff"
                    checked={draft.players_per_week > 1 && draft.lock_at_pick_start}
                    disabled={draft.players_per_week <= 1}
                    onChange={(event) => set('lock_at_pick_start', event.currentTarget.checked)}
                  />
                </SettingRow>
                <SettingRow label="Max Players Per Team" note="Per week; at most the picks per week.">
                  <IntegerField
                    label="Max Players Per Team"
                    value={draft.max_players_per_team}
                    min={POOL_LIMITS.minPlayersPerTeam}
                    max={draft.players_per_week}
                    error={errors.get('max_players_per_team')}
                    onCommit={(value) => set('max_players_per_team', value)}
                  />
                </SettingRow>
                <SettingRow label="Passing TDs to Advance" note="0 ignores passing touchdowns.">
                  <IntegerField
                    label="Passing TDs to Advance"
                    value={draft.nfl_pass_tds}
                    min={POOL_LIMITS.minPassTds}
                    max={POOL_LIMITS.maxPassTds}
                    error={errors.get('nfl_pass_tds')}
                    onCommit={(value) => set('nfl_pass_tds', value)}
                  />
                </SettingRow>
                <SettingRow
                  label="NFL Lock Time"
                  note="When each week's picks lock for everyone. It cannot change while it would lock or unlock a week."
                >
                  <Select
                    aria-label="NFL Lock Time"
                    data={(Object.keys(NFL_LOCK_TIME_LABELS) as NflLockTime[]).map((key) => ({
                      value: key,
                      label: NFL_LOCK_TIME_LABELS[key],
                    }))}
                    value={draft.nfl_lock_time}
                    onChange={(value) => set('nfl_lock_time', (value ?? 'first_game') as NflLockTime)}
                    allowDeselect={false}
                  />
                </SettingRow>
              </SettingsSection>
            )}

            <SettingsSection title="Start Week and Deadlines">
              <SettingRow
                label="Start Week"
                note={
                  view.started
                    ? 'Locked: the pool has started.'
                    : "Weeks already locked cannot be chosen. The pool's start follows its deadline."
                }
              >
                <Select
                  aria-label="Start Week"
                  data={draft.deadlines.map((_, index) => ({
                    value: String(index + 1),
                    label: `Week ${index + 1}`,
                    disabled: locked.has(index + 1),
                  }))}
                  value={String(draft.start_week)}
                  onChange={(value) => set('start_week', Number(value ?? saved.start_week))}
                  disabled={view.started}
                  allowDeselect={false}
                  error={errors.get('start_week')}
                />
              </SettingRow>
            </SettingsSection>
            <Text size="sm" c="dark.4">
              Each week locks at its deadline, shown in your time zone ({zone}). Locked weeks cannot move; the
              others must stay in the future and in increasing order.
            </Text>
            {errors.get('deadlines') && (
              <Text size="sm" c="red.8" role="alert">
                {errors.get('deadlines')}
              </Text>
            )}
            {lockedWeeks.length > 0 && (
              <details>
                <summary
                  style={{ cursor: 'pointer', fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}
                >
                  Locked weeks (
                  {lockedWeeks.length === 1
                    ? 'Week 1'
                    : `Weeks ${lockedWeeks[0]} to ${lockedWeeks[lockedWeeks.length - 1]}`}
                  )
                </summary>
                <SimpleGrid
                  cols={{ base: 1, sm: 2, md: 3 }}
                  spacing={4}
                  mt="xs"
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                >
                  {lockedWeeks.map((week) => (
                    <Text key={week} size="sm" component="li">
                      Week {week}: {formatDate(draft.deadlines[week - 1], 'M/D/YY h:mm A')}
                    </Text>
                  ))}
                </SimpleGrid>
              </details>
            )}
            {openWeeks.length > 0 ? (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                {openWeeks.map((week) => {
                  const index = week - 1;
                  return (
                    <TextInput
                      key={week}
                      type="datetime-local"
                      label={`Week ${week} deadline`}
                      value={toLocalInput(draft.deadlines[index])}
                      error={errors.get(`deadlines.${index}`)}
                      onChange={(event) => {
                        const next = fromLocalInput(event.currentTarget.value);
                        if (!next) return;
                        // An unchanged minute keeps the stored instant (seconds included).
                        const same = toLocalInput(saved.deadlines[index] ?? '') === event.currentTarget.value;
                        const value = same ? saved.deadlines[index] : next;
                        set(
                          'deadlines',
                          draft.deadlines.map((d, i) => (i === index ? value : d)),
                        );
                      }}
                    />
                  );
                })}
              </SimpleGrid>
            ) : (
              <Text size="sm">Every week of this season has locked.</Text>
            )}
          </Stack>
        </fieldset>

        <Group justify="flex-end">{saveButton}</Group>
      </Stack>
    </PhoneContext.Provider>
  );
}
