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
import { POOL_LIMITS } from '../../core/pool/settings';
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
  return `Prize in dollars (default ${formatDollars(definition.prize_default)}).`;
}

/**
 * Dollars and cents as typed: digits and one point with at most two decimals. Dropping the point instead made
 * a prize of 2.5 into $25.
 */
function sanitizeDollarsText(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/** Cents as the field shows them: "25", or "2.50" when there are cents. */
const shown = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** Dollars text left by the player, in cents within [0, the most a prize may be]; empty is $0. */
function dollarsTextToCents(text: string): number {
  const dollars = Number(text);
  if (text.trim() === '' || !Number.isFinite(dollars)) return 0;
  return Math.min(POOL_LIMITS.maxMoney, Math.max(0, Math.round(dollars * 100)));
}

/** One option's on/off box and prize (dollars and cents typed, kept in cents; clamped to range when left). */
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
  const prize = row.setting.prize;
  const [text, setText] = useState(shown(prize));
  useEffect(() => setText(shown(prize)), [prize]);
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
        inputMode="decimal"
        leftSection="$"
        value={text}
        disabled={disabled}
        error={error}
        style={{ flex: 1 }}
        onChange={(event) => setText(sanitizeDollarsText(event.currentTarget.value))}
        onBlur={() => {
          const cents = dollarsTextToCents(text);
          setText(shown(cents));
          onChange({ prize: cents });
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
