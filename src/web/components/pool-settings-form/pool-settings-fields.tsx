import { Fieldset, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import {
  type BonusCadence,
  INSURANCE_OPTION_LABELS,
  type InsuranceOption,
  NFL_LOCK_TIME_LABELS,
} from '../../../core/bonus';
import { INSURANCE_OPTION } from '../../../core/bonus/options';
import type { NflLockTime } from '../../../core/calendar/locks';
import { hasBonusPool, picksPlayers } from '../../../core/games';
import { lowerDependentValue, POOL_LIMITS } from '../../../core/pool/settings';
import type { Crowning, Wipeout } from '../../../core/season/end-rule';
import type { TieRule } from '../../../core/season/tie-rule';
import {
  BonusOptionControl,
  BonusOptionFields,
  bonusOptionNote,
  changeBonusOption,
  listBonusOptionRows,
} from '../bonus-option-fields';
import { sharedPickCount, TIE_RULE_LABELS, withPickCount, withWeekPicks } from './nfl-survivor-rules';
import { ChoiceInput, MoneyInput, WeekChips, WholeNumberInput } from './setting-inputs';
import { Setting, type SettingsLayout, SettingsLayoutProvider, SettingsSection } from './setting-layout';
import { type PoolSettingsForm, type PoolSettingsFormValues, wholeValue } from './use-pool-settings-form';

type SettingKey = Exclude<keyof PoolSettingsFormValues, 'game' | 'bonus_options'>;

/** Each setting's name, one vocabulary for both screens (spec 2's Pool Settings table). */
const LABELS: Record<SettingKey, string> = {
  custom_name: 'Pool Name',
  buyin: 'Buy-in',
  max_entries: 'Max Entries',
  rebuys: 'Extra Lives/Rebuys',
  rebuy_price: 'Rebuy Price',
  insurance_option: 'Insurance',
  insurance: 'Insurance Cost',
  shoot_moon: 'Shoot the Moon',
  bonus_active: 'Bonus Pool Active',
  bonus_cadence: 'Bonus Pool Entry',
  bonus_shutdown: 'Bonus Shutdown #',
  players_per_week: 'Picks Per Week',
  max_players_per_team: 'Max Players Per Team',
  nfl_pass_tds: 'Passing TDs to Advance',
  nfl_lock_time: 'NFL Lock Time',
  lock_at_pick_start: 'Lock at First Kickoff',
  end_wipeout: 'If Everyone Left Loses',
  end_crowning: 'Champions Crowned',
  tie_rule: 'Tie Rule',
  auto_pick: 'Auto-Pick',
  picks_per_week: 'Multi-Pick Weeks',
};

const WIPEOUT_OPTIONS: { value: Wipeout; label: string }[] = [
  { value: 'split', label: 'They split the prize' },
  { value: 'revive', label: 'They all come back with 1 life' },
];
const CROWNING_OPTIONS: { value: Crowning; label: string }[] = [
  { value: 'automatic', label: 'Automatically' },
  { value: 'commissioner', label: 'By the commissioner' },
];

/** Among Create a Pool's fields a money name says its unit, and max entries whose they are. */
const FIELD_LABELS: Partial<Record<SettingKey, string>> = {
  buyin: 'Buy-in ($)',
  rebuy_price: 'Rebuy Price ($)',
  insurance: 'Insurance Cost ($)',
  max_entries: 'Max Entries per Player',
};

const TIE_RULE_OPTIONS = (['loss', 'win'] as const).map((value) => ({
  value,
  label: TIE_RULE_LABELS[value],
}));
const MULTI_PICK_OPTIONS = [
  { value: '2', label: '2 picks' },
  { value: '3', label: '3 picks' },
];

const CADENCE_OPTIONS: { value: string; label: string }[] = [
  { value: '1', label: 'Any time' },
  { value: '2', label: 'Once per month' },
  { value: '3', label: 'Only before the season begins' },
];

export interface PoolSettingsFieldsProps {
  form: PoolSettingsForm;
  layout: SettingsLayout;
  /** The name a pool without a custom name goes by. */
  defaultName: string;
  /** Settings that may no longer change, each with the note that says why (nfl_rules: tie rule and auto-pick). */
  locked?: Partial<Record<'rebuys' | 'players_per_week' | 'end_rule' | 'nfl_rules', string>>;
  /**
   * The season's weeks, among which NFL Survivor's multi-pick weeks are chosen. Pool Settings' values hold the
   * pool's deadlines: without this, their count.
   */
  weekCount?: number;
  /** Weeks that have locked: whether they ask for more than one pick can no longer change. */
  lockedWeeks?: number[];
  /** A screen's own note for a setting, in place of the shared one. */
  notes?: Partial<Record<SettingKey, ReactNode>>;
  /** What a screen shows under a setting's input (Pool Settings: the retroactive buy-in box). */
  below?: Partial<Record<SettingKey, ReactNode>>;
  /**
   * Pool Settings corrects an empty or 0 max entries to 1 when the field is left (spec 2); Create a Pool keeps
   * it and shows the message, its Review waiting (issue 26).
   */
  correctMaxEntries?: boolean;
  /** Settings a screen adds to a running bonus pool (Pool Settings: shut it down by hand). */
  bonusSettings?: ReactNode;
  /** Sections a screen adds after the shared ones (Pool Settings: start week and deadlines). */
  children?: ReactNode;
}

/**
 * Every setting of a pool, once, for Create a Pool and the Commish tools' Pool Settings: each screen passes its
 * form (validated by the server's schema), its layout and only what differs.
 */
export function PoolSettingsFields({
  form,
  layout,
  defaultName,
  locked = {},
  notes = {},
  below = {},
  correctMaxEntries = true,
  bonusSettings,
  weekCount,
  lockedWeeks = [],
  children,
}: PoolSettingsFieldsProps) {
  const phone = useMediaQuery('(max-width: 767px)') ?? false;
  const values = form.values;
  const errors = form.errors;
  const set = form.setFieldValue;
  const game = values.game;
  const isNflTd = picksPlayers(game);
  const offersBonus = hasBonusPool(game);
  const survivor = game === 'nfl';
  const weeks =
    weekCount ?? ('deadlines' in values && Array.isArray(values.deadlines) ? values.deadlines.length : 0);
  // The picks a newly chosen multi-pick week asks for: the count the chosen weeks share, else the last one set.
  const [multiPicks, setMultiPicks] = useState(() => sharedPickCount(values.picks_per_week) ?? 2);
  const sharedPicks = sharedPickCount(values.picks_per_week);
  const shownPicks = Object.keys(values.picks_per_week).length === 0 ? multiPicks : sharedPicks;
  // A message of the weeks as a whole, or of one week.
  const multiPickError = Object.entries(errors).find(
    ([path]) => path === 'picks_per_week' || path.startsWith('picks_per_week.'),
  )?.[1];
  const rebuys = wholeValue(values.rebuys);
  const picks = wholeValue(values.players_per_week);
  const label = (key: SettingKey) => (layout === 'fields' && FIELD_LABELS[key]) || LABELS[key];
  // A locked setting's note says why; else the screen's own note, else the shared one.
  const shared = (key: SettingKey, note?: ReactNode) => ({
    label: label(key),
    note: (key === 'rebuys' || key === 'players_per_week' ? locked[key] : undefined) ?? notes[key] ?? note,
    below: below[key],
  });
  const bonusRows = listBonusOptionRows(game, values.bonus_options ?? {});
  const lockTime = (note: string) => (
    <Setting {...shared('nfl_lock_time', note)}>
      {(naming) => (
        <Select
          {...naming}
          data={(Object.keys(NFL_LOCK_TIME_LABELS) as NflLockTime[]).map((key) => ({
            value: key,
            label: NFL_LOCK_TIME_LABELS[key],
          }))}
          value={values.nfl_lock_time}
          onChange={(value) => value && set('nfl_lock_time', value as NflLockTime)}
          allowDeselect={false}
        />
      )}
    </Setting>
  );

  return (
    <SettingsLayoutProvider layout={layout} phone={phone}>
      <Stack gap={layout === 'table' ? 'lg' : 'md'}>
        <SettingsSection title="Pool">
          <Setting {...shared('custom_name', `Leave empty for the default name (${defaultName}).`)}>
            {(naming) => (
              <TextInput
                {...naming}
                placeholder={defaultName}
                maxLength={60}
                {...form.getInputProps('custom_name')}
              />
            )}
          </Setting>
          <Setting {...shared('buyin', 'May be $0.')}>
            {(naming) => (
              <MoneyInput
                naming={naming}
                cents={values.buyin}
                error={errors.buyin}
                onChange={(cents) => set('buyin', cents)}
              />
            )}
          </Setting>
          <Setting
            {...shared(
              'max_entries',
              `How many entries one player may hold, from ${POOL_LIMITS.minMaxEntries} to ${POOL_LIMITS.maxMaxEntries}.`,
            )}
          >
            {(naming) => (
              <WholeNumberInput
                naming={naming}
                value={values.max_entries}
                min={POOL_LIMITS.minMaxEntries}
                max={POOL_LIMITS.maxMaxEntries}
                correct={correctMaxEntries}
                error={errors.max_entries}
                onChange={(value) => set('max_entries', value)}
              />
            )}
          </Setting>
          <Setting {...shared('rebuys', `Entries start with ${rebuys + 1} lives (three are recommended).`)}>
            {(naming) => (
              <WholeNumberInput
                naming={naming}
                value={values.rebuys}
                min={POOL_LIMITS.minRebuys}
                max={POOL_LIMITS.maxRebuys}
                disabled={locked.rebuys !== undefined}
                error={errors.rebuys}
                onChange={(value) => set('rebuys', value)}
              />
            )}
          </Setting>
          <Setting
            {...shared(
              'rebuy_price',
              rebuys < 1 ? 'No rebuys, so nothing to price.' : 'Paid for each rebuy; may be $0.',
            )}
          >
            {(naming) => (
              <MoneyInput
                naming={naming}
                cents={rebuys < 1 ? 0 : values.rebuy_price}
                disabled={rebuys < 1}
                error={errors.rebuy_price}
                onChange={(cents) => set('rebuy_price', cents)}
              />
            )}
          </Setting>
          {!isNflTd && (
            <Setting
              {...shared(
                'insurance_option',
                'A one-time fee covering the rest of the season: a missed pick becomes the most popular or a random pick.',
              )}
            >
              {(naming) => (
                <Select
                  {...naming}
                  data={([0, 1, 2] as const).map((code) => ({
                    value: String(code),
                    label: INSURANCE_OPTION_LABELS[code],
                  }))}
                  value={String(values.insurance_option)}
                  onChange={(value) => set('insurance_option', Number(value ?? 0) as InsuranceOption)}
                  allowDeselect={false}
                  error={errors.insurance_option}
                />
              )}
            </Setting>
          )}
          {!isNflTd && values.insurance_option !== INSURANCE_OPTION.none && (
            <Setting {...shared('insurance', 'Paid once per entry.')}>
              {(naming) => (
                <MoneyInput
                  naming={naming}
                  cents={values.insurance}
                  error={errors.insurance}
                  onChange={(cents) => set('insurance', cents)}
                />
              )}
            </Setting>
          )}
          {game === 'mlb' && (
            <Setting
              {...shared(
                'shoot_moon',
                'A selection that loses every game in a week (0-6 or worse) earns an extra life.',
              )}
            >
              {(naming) => <Switch {...naming} {...form.getInputProps('shoot_moon', { type: 'checkbox' })} />}
            </Setting>
          )}
        </SettingsSection>

        {offersBonus && (
          <SettingsSection title="Bonus Pool">
            <Setting
              {...shared(
                'bonus_active',
                'Entrants may opt in to win prizes for bonus events (50-point games, no-hitters...).',
              )}
            >
              {(naming) => (
                <Switch {...naming} {...form.getInputProps('bonus_active', { type: 'checkbox' })} />
              )}
            </Setting>
            {values.bonus_active && (
              <>
                {bonusSettings}
                <Setting
                  {...shared(
                    'bonus_cadence',
                    'When entrants may join or leave the bonus pool; changes take effect the following week.',
                  )}
                >
                  {(naming) => (
                    <Select
                      {...naming}
                      data={CADENCE_OPTIONS}
                      value={String(values.bonus_cadence)}
                      onChange={(value) => set('bonus_cadence', Number(value ?? 2) as BonusCadence)}
                      allowDeselect={false}
                    />
                  )}
                </Setting>
                <Setting
                  {...shared(
                    'bonus_shutdown',
                    "The bonus pool shuts down by itself when this many entrants or fewer remain at a week's start. Five or more is advised.",
                  )}
                >
                  {(naming) => (
                    <WholeNumberInput
                      naming={naming}
                      value={values.bonus_shutdown}
                      min={POOL_LIMITS.minBonusShutdown}
                      max={POOL_LIMITS.maxBonusShutdown}
                      error={errors.bonus_shutdown}
                      onChange={(value) => set('bonus_shutdown', value)}
                    />
                  )}
                </Setting>
                {layout === 'table' &&
                  bonusRows.map((row) => (
                    <Setting
                      key={row.id}
                      label={row.definition.bonus_long_name}
                      note={bonusOptionNote(row.definition)}
                    >
                      {() => (
                        <BonusOptionControl
                          row={row}
                          error={errors[`bonus_options.${row.id}`]}
                          onChange={(change) =>
                            set(
                              'bonus_options',
                              changeBonusOption(game, values.bonus_options ?? {}, row.id, change),
                            )
                          }
                        />
                      )}
                    </Setting>
                  ))}
              </>
            )}
          </SettingsSection>
        )}
        {offersBonus && values.bonus_active && layout === 'fields' && (
          <Fieldset legend="Bonuses and prizes" variant="unstyled">
            <BonusOptionFields
              game={game}
              options={values.bonus_options ?? {}}
              errorFor={(id) => errors[`bonus_options.${id}`]}
              onChange={(options) => set('bonus_options', options)}
            />
          </Fieldset>
        )}

        {isNflTd && (
          <SettingsSection title="NFL TD">
            <Setting {...shared('players_per_week', 'From 1 to 5.')}>
              {(naming) => (
                <WholeNumberInput
                  naming={naming}
                  value={values.players_per_week}
                  min={POOL_LIMITS.minPlayersPerWeek}
                  max={POOL_LIMITS.maxPlayersPerWeek}
                  disabled={locked.players_per_week !== undefined}
                  error={errors.players_per_week}
                  onChange={(value) => {
                    set('players_per_week', value);
                    // Fewer picks a week lower the players one team may give.
                    if (value !== '') {
                      set('max_players_per_team', (max) =>
                        max === '' ? max : lowerDependentValue(value, max),
                      );
                    }
                  }}
                />
              )}
            </Setting>
            <Setting {...shared('max_players_per_team', 'Per week; at most the picks per week.')}>
              {(naming) => (
                <WholeNumberInput
                  naming={naming}
                  value={values.max_players_per_team}
                  min={POOL_LIMITS.minPlayersPerTeam}
                  max={Math.max(POOL_LIMITS.minPlayersPerTeam, picks)}
                  error={errors.max_players_per_team}
                  onChange={(value) => set('max_players_per_team', value)}
                />
              )}
            </Setting>
            <Setting {...shared('nfl_pass_tds', '0 ignores passing touchdowns.')}>
              {(naming) => (
                <WholeNumberInput
                  naming={naming}
                  value={values.nfl_pass_tds}
                  min={POOL_LIMITS.minPassTds}
                  max={POOL_LIMITS.maxPassTds}
                  error={errors.nfl_pass_tds}
                  onChange={(value) => set('nfl_pass_tds', value)}
                />
              )}
            </Setting>
            {lockTime("When each week's picks lock for everyone.")}
            <Setting
              {...shared(
                'lock_at_pick_start',
                picks > 1
                  ? "All of a week's picks lock when the first picked player's game starts."
                  : 'Only with more than one pick per week.',
              )}
            >
              {(naming) => (
                <Switch
                  {...naming}
                  checked={picks > 1 && values.lock_at_pick_start}
                  disabled={picks <= 1}
                  onChange={(event) => set('lock_at_pick_start', event.currentTarget.checked)}
                />
              )}
            </Setting>
          </SettingsSection>
        )}
        {survivor && (
          <SettingsSection title="NFL Survivor">
            <Setting
              {...shared(
                'tie_rule',
                locked.nfl_rules ?? 'What a tied game counts as for the teams picked in it.',
              )}
            >
              {(naming) => (
                <ChoiceInput<TieRule>
                  naming={naming}
                  data={TIE_RULE_OPTIONS}
                  value={values.tie_rule}
                  disabled={locked.nfl_rules !== undefined}
                  onChange={(value) => set('tie_rule', value)}
                />
              )}
            </Setting>
            {lockTime(
              "The week's deadline, when every pick shows; a game that starts earlier locks at its kickoff.",
            )}
            <Setting
              {...shared(
                'auto_pick',
                locked.nfl_rules ??
                  'An entry without a pick (or insurance) at the deadline gets its unused team likeliest to win.',
              )}
            >
              {(naming) => (
                <Switch
                  {...naming}
                  checked={values.auto_pick}
                  disabled={locked.nfl_rules !== undefined}
                  onChange={(event) => set('auto_pick', event.currentTarget.checked)}
                />
              )}
            </Setting>
            <Setting
              {...shared(
                'picks_per_week',
                'Weeks that ask for more than one pick: all must win, or the entry loses a life.',
              )}
            >
              {(naming) => (
                <WeekChips
                  naming={naming}
                  weekCount={weeks}
                  chosen={Object.keys(values.picks_per_week).map(Number)}
                  locked={lockedWeeks}
                  error={multiPickError}
                  onChange={(week, on) =>
                    set('picks_per_week', (current) =>
                      withWeekPicks(current, week, on ? (sharedPickCount(current) ?? multiPicks) : 1),
                    )
                  }
                />
              )}
            </Setting>
            <Setting
              label="Picks in a Multi-Pick Week"
              note={
                shownPicks === null
                  ? 'The chosen weeks differ: choose one count for all of them.'
                  : 'Each multi-pick week asks for this many teams.'
              }
            >
              {(naming) => (
                <ChoiceInput
                  naming={naming}
                  data={MULTI_PICK_OPTIONS}
                  value={shownPicks === null ? null : String(shownPicks)}
                  onChange={(value) => {
                    setMultiPicks(Number(value));
                    set('picks_per_week', (current) => withPickCount(current, Number(value), lockedWeeks));
                  }}
                />
              )}
            </Setting>
          </SettingsSection>
        )}
        <SettingsSection title="Season's End">
          <Setting
            {...shared(
              'end_wipeout',
              locked.end_rule ??
                'When every entry still in loses the same week (in the last week they always split).',
            )}
          >
            {(naming) => (
              <Select
                {...naming}
                data={WIPEOUT_OPTIONS}
                value={values.end_wipeout}
                disabled={locked.end_rule !== undefined}
                onChange={(value) => set('end_wipeout', (value ?? 'split') as Wipeout)}
                allowDeselect={false}
              />
            )}
          </Setting>
          <Setting
            {...shared(
              'end_crowning',
              locked.end_rule ??
                'The last entry still in wins; after the last week, all still in share. Automatically: as soon as a week decides it.',
            )}
          >
            {(naming) => (
              <Select
                {...naming}
                data={CROWNING_OPTIONS}
                value={values.end_crowning}
                disabled={locked.end_rule !== undefined}
                onChange={(value) => set('end_crowning', (value ?? 'automatic') as Crowning)}
                allowDeselect={false}
              />
            )}
          </Setting>
        </SettingsSection>
        {children}
      </Stack>
    </SettingsLayoutProvider>
  );
}
