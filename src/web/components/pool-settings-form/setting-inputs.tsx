import { Chip, Group, Input, NumberInput, SegmentedControl } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
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

/**
 * What names a group of controls (a segmented control, a set of chips): among the fields a visible label and
 * description the group points at, in the table its name alone.
 */
function NamedGroup({
  naming,
  error,
  children,
}: {
  naming: NamingProps;
  error?: ReactNode;
  children: (names: {
    'aria-label'?: string;
    'aria-labelledby'?: string;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = useId();
  if ('aria-label' in naming) {
    return (
      <>
        {children({ 'aria-label': naming['aria-label'] })}
        {error && <Input.Error mt={4}>{error}</Input.Error>}
      </>
    );
  }
  return (
    <Input.Wrapper
      label={naming.label}
      description={naming.description}
      error={error}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      descriptionProps={{ id: `${id}-description` }}
    >
      {children({
        'aria-labelledby': `${id}-label`,
        'aria-describedby': naming.description ? `${id}-description` : undefined,
      })}
    </Input.Wrapper>
  );
}

/** One of a few choices, all in view. */
export function ChoiceInput<T extends string>({
  naming,
  data,
  value,
  disabled,
  onChange,
}: {
  naming: NamingProps;
  data: { value: T; label: string }[];
  /** Null when no choice is the value (the choices then show none chosen). */
  value: T | null;
  disabled?: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <NamedGroup naming={naming}>
      {(names) => (
        <SegmentedControl
          {...names}
          data={data}
          // A value that is none of the choices shows none chosen.
          value={value ?? ''}
          disabled={disabled}
          onChange={(next) => onChange(next as T)}
          fullWidth
        />
      )}
    </NamedGroup>
  );
}

/** The weeks of a season as chips to switch on and off, each named "Week n"; locked weeks cannot change. */
export function WeekChips({
  naming,
  weekCount,
  chosen,
  locked = [],
  error,
  onChange,
}: {
  naming: NamingProps;
  weekCount: number;
  chosen: number[];
  locked?: number[];
  error?: ReactNode;
  onChange: (week: number, on: boolean) => void;
}) {
  const weeks = Array.from({ length: weekCount }, (_, index) => index + 1);
  return (
    <NamedGroup naming={naming} error={error}>
      {(names) => (
        <Group role="group" gap={6} {...names}>
          {weeks.map((week) => (
            <Chip
              key={week}
              size="sm"
              icon={null}
              checked={chosen.includes(week)}
              disabled={locked.includes(week)}
              onChange={(on) => onChange(week, on)}
              aria-label={`Week ${week}`}
              styles={{ label: { minWidth: 40, justifyContent: 'center' } }}
            >
              {week}
            </Chip>
          ))}
        </Group>
      )}
    </NamedGroup>
  );
}
