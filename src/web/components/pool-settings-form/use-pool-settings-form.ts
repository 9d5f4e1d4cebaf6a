import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import type { BonusCadence, BonusOptionsMap, InsuranceOption } from '../../../core/bonus';
import type { NflLockTime } from '../../../core/calendar/locks';
import type { PlayableGame } from '../../../core/games';
import type { Crowning, Wipeout } from '../../../core/season/end-rule';
import type { TieRule } from '../../../core/season/tie-rule';

/** A whole number as its field holds it: empty while it is cleared, so the schema says what is wrong. */
export type Whole = number | '';

/** The settings both screens edit, money in cents; the schema each screen validates with checks them. */
export interface PoolSettingsFormValues {
  game: PlayableGame;
  /** Empty for the default name. */
  custom_name: string;
  buyin: number;
  rebuys: Whole;
  rebuy_price: number;
  max_entries: Whole;
  insurance_option: InsuranceOption;
  insurance: number;
  shoot_moon: boolean;
  bonus_active: boolean;
  bonus_cadence: BonusCadence;
  bonus_shutdown: Whole;
  /** Absent on a new pool that keeps the game's defaults. */
  bonus_options?: BonusOptionsMap;
  players_per_week: Whole;
  max_players_per_team: Whole;
  nfl_pass_tds: Whole;
  nfl_lock_time: NflLockTime;
  lock_at_pick_start: boolean;
  /** The end rule (spec 4, part 2). */
  end_wipeout: Wipeout;
  end_crowning: Crowning;
  /** NFL Survivor (spec 4, part 1); other games keep the defaults. */
  tie_rule: TieRule;
  /** Week number (as text) to the picks it asks for: the multi-pick weeks. */
  picks_per_week: Record<string, number>;
  auto_pick: boolean;
}

export type PoolSettingsForm<Values extends PoolSettingsFormValues = PoolSettingsFormValues> =
  UseFormReturnType<Values>;

/** A whole number for the places that count with it (lives, review lines); an empty field counts as 0. */
export const wholeValue = (value: Whole): number => (value === '' ? 0 : value);

/**
 * The pool-settings form of Create a Pool and Pool Settings, validated by `schema`: the zod schema the server
 * parses the same request with (Mantine reads it through the Standard Schema interface zod implements).
 */
export function usePoolSettingsForm<Values extends PoolSettingsFormValues>(
  schema: Parameters<typeof schemaResolver>[0],
  initialValues: Values,
): PoolSettingsForm<Values> {
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate,
    // The errors follow the values (below): clearing them on each change would only make them flicker.
    clearInputErrorOnChange: false,
  });
  // A change can settle another field's error (max players per team against picks per week), so every change
  // checks the whole form, and a setting that is wrong shows its message at once, as the Review and Save wait.
  const { values, validate: check } = form;
  useEffect(() => {
    void values;
    check();
  }, [values, check]);
  return form;
}
