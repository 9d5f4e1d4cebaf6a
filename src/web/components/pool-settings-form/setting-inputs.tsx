import { NumberInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { POOL_LIMITS } from '../../../core/pool/settings';
import { useNumberDraft } from '../../lib/number-draft';
import { type NamingProps, useSettingsLayout } from './setting-layout';
import type { Whole } from './use-pool-settings-form';

/**
 * A whole number. With `correct` (spec 2: numeric inputs clamp on blur) a value out of range is clamped and an
 * empty one becomes the minimum when the field is left; without it the value stays for its message to show.
 */
export function WholeNumberInput({
  naming,
  value,
  min,
  max,
  correct = true,
  disabled,
  error,
  onChange,
}: {
  naming: NamingProps;
  value: Whole;
  min: number;
  max?: number;
  correct?: boolean;
  disabled?: boolean;
  error?: ReactNode;
  onChange: (value: Whole) => void;
}) {
  return (
    <NumberInput
      {...naming}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior={correct ? 'blur' : 'none'}
      value={value}
      disabled={disabled}
      error={error}
      onChange={(next) => onChange(next === '' ? '' : Math.trunc(Number(next)))}
      onBlur={() => {
        if (correct && value === '') onChange(min);
      }}
    />
  );
}

/**
 * An amount in dollars and cents, kept in cents, from $0 to the most a setting may be; cleared, it is $0.
 * Among the fields the dollar sign is part of the value ("$12.34"); in the table it sits beside a value that
 * always shows its cents ("60.00").
 */
export function MoneyInput({
  naming,
  cents,
  disabled,
  error,
  onChange,
}: {
  naming: NamingProps;
  cents: number;
  disabled?: boolean;
  error?: ReactNode;
  onChange: (cents: number) => void;
}) {
  const { layout } = useSettingsLayout();
  // Empty while it is edited (a cleared field stands for $0 and shows it once left).
  const { draft, edit, settle } = useNumberDraft(cents / 100, 0);
  // The table's fixed cents ("60.00") only once the field is left: while typed into, backspace would meet
  // cents that grow back.
  const [editing, setEditing] = useState(false);
  return (
    <NumberInput
      {...naming}
      {...(layout === 'fields' ? { prefix: '$' } : { leftSection: '$', fixedDecimalScale: !editing })}
      min={0}
      max={POOL_LIMITS.maxMoney / 100}
      decimalScale={2}
      allowNegative={false}
      clampBehavior="blur"
      value={draft}
      disabled={disabled}
      error={error}
      onChange={(typed) => {
        const dollars = edit(typed);
        if (Number.isFinite(dollars)) onChange(Math.max(0, Math.round(dollars * 100)));
      }}
      onFocus={() => setEditing(true)}
      onBlur={() => {
        setEditing(false);
        settle();
      }}
    />
  );
}
