import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import {
  BonusGameSchema,
  type BonusOptionDefinition,
  type BonusOptionSetting,
  type BonusOptionsMap,
  listBonusOptions,
  resolveBonusOptions,
} from '../../core/bonus';
import { clampNumericInput, POOL_LIMITS, sanitizeIntegerText } from '../../core/pool/settings';
import { formatDollars } from '../lib/format';

/** One bonus option of a game with its setting in force. */
export interface BonusOptionRow {
  id: string;
  definition: BonusOptionDefinition;
  setting: BonusOptionSetting;
}

/**
 * The game's bonus options in display order, each with the setting in force for `options` (a pool's stored
 * map, or a draft's): the same reading settlement and How to play use, so every screen shows one truth.
 */
export function listBonusOptionRows(game: string, options: BonusOptionsMap): BonusOptionRow[] {
  const parsed = BonusGameSchema.safeParse(game);
  if (!parsed.success) return [];
  const inForce = resolveBonusOptions(parsed.data, options);
  return listBonusOptions(parsed.data).map((definition) => {
    const id = String(definition.bonus_id);
    return { id, definition, setting: inForce[id] };
  });
}

/** The options in force with one option's setting changed: every option stays explicit once one is edited. */
export function changeBonusOption(
  game: string,
  options: BonusOptionsMap,
  id: string,
  change: Partial<Pick<BonusOptionSetting, 'active' | 'prize'>>,
): BonusOptionsMap {
  const inForce = resolveBonusOptions(game, options);
  return { ...inForce, [id]: { ...inForce[id], ...change } };
}

/** The note under an option: its default prize, so a changed prize reads as changed. */
export function bonusOptionNote(definition: BonusOptionDefinition): string {
  return `Prize in whole dollars (default ${formatDollars(definition.prize_default, { whole: true })}).`;
}

/** One option's on/off box and prize (whole dollars typed, cents kept; clamped to range when left). */
export function BonusOptionControl({
  row,
  error,
  disabled,
  onChange,
}: {
  row: BonusOptionRow;
  error?: ReactNode;
  disabled?: boolean;
  onChange: (change: Partial<Pick<BonusOptionSetting, 'active' | 'prize'>>) => void;
}) {
  const name = row.definition.bonus_long_name;
  const dollars = Math.round(row.setting.prize / 100);
  const [text, setText] = useState(String(dollars));
  useEffect(() => setText(String(dollars)), [dollars]);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Checkbox
        label="Active"
        aria-label={`${name} active`}
        checked={row.setting.active}
        disabled={disabled}
        onChange={(event) => onChange({ active: event.currentTarget.checked })}
        mt={8}
      />
      <TextInput
        aria-label={`${name} prize`}
        inputMode="numeric"
        leftSection="$"
        value={text}
        disabled={disabled}
        error={error}
        style={{ flex: 1 }}
        onChange={(event) => setText(sanitizeIntegerText(event.currentTarget.value))}
        onBlur={() => {
          const value = clampNumericInput(text, { min: 0, max: POOL_LIMITS.maxMoney / 100 });
          setText(String(value));
          onChange({ prize: value * 100 });
        }}
      />
    </Group>
  );
}

/** Every option of a game as stacked cards (name, on/off and prize, default): pool creation's layout. */
export function BonusOptionFields({
  game,
  options,
  errorFor,
  onChange,
}: {
  game: string;
  options: BonusOptionsMap;
  errorFor?: (id: string) => ReactNode;
  onChange: (options: BonusOptionsMap) => void;
}) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Bonus options"
    >
      {listBonusOptionRows(game, options).map((row) => (
        <Paper key={row.id} withBorder p="sm" radius="md" component="li">
          <Stack gap={6}>
            <Text fw={700} size="sm">
              {row.definition.bonus_long_name}
            </Text>
            <BonusOptionControl
              row={row}
              error={errorFor?.(row.id)}
              onChange={(change) => onChange(changeBonusOption(game, options, row.id, change))}
            />
            <Text size="xs" c="dark.4">
              {bonusOptionNote(row.definition)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
