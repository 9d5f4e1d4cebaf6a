import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  type PoolDetails,
  type PoolSettingsView,
  type PoolViewer,
  SETTINGS_MESSAGES,
} from '../../../../../core/contracts/pools';
import { PoolSettingsEditSchema } from '../../../../../core/pool/settings';
import { PoolSettingsFields } from '../../../../components/pool-settings-form/pool-settings-fields';
import { Setting, SettingsSection } from '../../../../components/pool-settings-form/setting-layout';
import {
  type PoolSettingsFormValues,
  usePoolSettingsForm,
  wholeValue,
} from '../../../../components/pool-settings-form/use-pool-settings-form';
import { QueryState } from '../../../../components/query-state';
import { errorMessage } from '../../../../lib/api';
import { formatDate, formatDollars } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { usePoolSettings, useUpdatePoolSettings } from '../../api/settings';

/** Pool Settings' values: the shared settings with the manual bonus shutdown, the start week and the deadlines. */
interface EditValues extends PoolSettingsFormValues {
  bonus_disabled: boolean;
  start_week: number;
  deadlines: string[];
}

/** An ISO instant as a datetime-local value in the viewer's zone, and back. */
const toLocalInput = (iso: string) => dayjs(iso).format('YYYY-MM-DDTHH:mm');
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/** The Commish tools' Pool Settings: every setting with its note, saved at once with SAVE SETTINGS. */
export function PoolSettingsTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const settings = usePoolSettings(pool.id);
  // Held here, not by the form: a save remounts the form with the saved settings, and the toast must still show.
  const update = useUpdatePoolSettings(pool.id);
  if (!settings.data) {
    return (
      <QueryState
        query={settings}
        loading="Loading pool settings"
        failed="The pool settings could not be loaded"
      />
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
  const form = usePoolSettingsForm<EditValues>(PoolSettingsEditSchema, {
    ...saved,
    custom_name: saved.custom_name ?? '',
  });
  const [retroactive, setRetroactive] = useState(true);
  const values = form.values;
  const errors = form.errors;
  const valid = form.isValid();
  const dirty = form.isDirty();
  const buyinChanged = values.buyin !== saved.buyin;
  const locked = new Set(view.locked_weeks);
  const weeks = values.deadlines.map((_, index) => index + 1);
  const lockedWeeks = weeks.filter((week) => locked.has(week));
  const openWeeks = weeks.filter((week) => !locked.has(week));
  // A deadline's message shows on its field; one of a locked week (or of the weeks as a whole) shows above.
  const deadlinesError = Object.entries(errors).find(
    ([path]) =>
      path === 'deadlines' || (path.startsWith('deadlines.') && locked.has(Number(path.split('.')[1]) + 1)),
  )?.[1];
  const disabled = view.final || update.isPending;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = () => {
    const parsed = PoolSettingsEditSchema.safeParse(values);
    if (!parsed.success) return;
    update.mutate(
      {
        leagueSeasonId: view.pool_id,
        poolSettings: parsed.data,
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
      disabled={!dirty || !valid || view.final}
      loading={update.isPending}
      fullWidth={phone}
    >
      SAVE SETTINGS
    </Button>
  );

  return (
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
        <PoolSettingsFields
          form={form}
          layout="table"
          defaultName={view.default_name}
          weekCount={view.week_count}
          // A locked week's picks asked can no longer change (the server refuses it too).
          lockedWeeks={view.locked_weeks}
          locked={{
            ...(view.started
              ? {
                  rebuys: `Locked: the pool started on ${formatDate(view.start, 'MMMM D, YYYY')}.`,
                  end_rule: `Locked: the pool started on ${formatDate(view.start, 'MMMM D, YYYY')}.`,
                  nfl_rules: `Locked: the pool started on ${formatDate(view.start, 'MMMM D, YYYY')}.`,
                }
              : {}),
            // NFL TD pools keep their picks per week (the server refuses a change).
            players_per_week: 'Locked for NFL TD pools.',
          }}
          notes={{
            max_entries: 'How many entries one player may hold (at least 1).',
            rebuys: `Entries start with ${wholeValue(values.rebuys) + 1} lives (three are recommended). Existing entries' lives move by the change. Locked once the pool starts.`,
            buyin: `May be $0. Currently ${formatDollars(saved.buyin)}; ${view.entries} existing ${view.entries === 1 ? 'entry' : 'entries'}.`,
            nfl_lock_time:
              "When each week's picks lock for everyone. It cannot change while it would lock or unlock a week.",
          }}
          below={{
            buyin: buyinChanged && (
              <Checkbox
                label={`Retroactive: ${values.buyin > saved.buyin ? 'charge' : 'refund'} existing entries (${view.entries} now) the ${formatDollars(Math.abs(values.buyin - saved.buyin))} difference`}
                checked={retroactive}
                onChange={(event) => setRetroactive(event.currentTarget.checked)}
              />
            ),
          }}
          bonusSettings={
            <Setting
              label="Shut Down Bonus Pool"
              note="Shut the bonus pool down now, or turn it back on. We advise shutting down with no fewer than five entrants remaining."
            >
              {(naming) => (
                <Switch {...naming} {...form.getInputProps('bonus_disabled', { type: 'checkbox' })} />
              )}
            </Setting>
          }
        >
          <SettingsSection title="Start Week and Deadlines">
            <Setting
              label="Start Week"
              note={
                view.started
                  ? 'Locked: the pool has started.'
                  : "Weeks already locked cannot be chosen. The pool's start follows its deadline."
              }
            >
              {(naming) => (
                <Select
                  {...naming}
                  data={values.deadlines.map((_, index) => ({
                    value: String(index + 1),
                    label: `Week ${index + 1}`,
                    disabled: locked.has(index + 1),
                  }))}
                  value={String(values.start_week)}
                  onChange={(value) => form.setFieldValue('start_week', Number(value ?? saved.start_week))}
                  disabled={view.started}
                  allowDeselect={false}
                  error={errors.start_week}
                />
              )}
            </Setting>
          </SettingsSection>
          <Text size="sm" c="dark.4">
            Each week locks at its deadline, shown in your time zone ({zone}). Locked weeks cannot move; the
            others must stay in the future and in increasing order.
          </Text>
          {deadlinesError && (
            <Text size="sm" c="red.8" role="alert">
              {deadlinesError}
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
                    Week {week}: {formatDate(values.deadlines[week - 1], 'M/D/YY h:mm A')}
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
                    value={toLocalInput(values.deadlines[index])}
                    error={errors[`deadlines.${index}`]}
                    onChange={(event) => {
                      const next = fromLocalInput(event.currentTarget.value);
                      if (!next) return;
                      // An unchanged minute keeps the stored instant (seconds included).
                      const same = toLocalInput(saved.deadlines[index] ?? '') === event.currentTarget.value;
                      form.setFieldValue(`deadlines.${index}`, same ? saved.deadlines[index] : next);
                    }}
                  />
                );
              })}
            </SimpleGrid>
          ) : (
            <Text size="sm">Every week of this season has locked.</Text>
          )}
        </PoolSettingsFields>
      </fieldset>

      <Group justify="flex-end">{saveButton}</Group>
    </Stack>
  );
}
