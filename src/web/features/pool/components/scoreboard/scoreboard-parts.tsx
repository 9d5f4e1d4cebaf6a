import { ActionIcon, Badge, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconEyeOff } from '@tabler/icons-react';
import type { ScoreboardEntry } from '../../../../../core/contracts/pools';

/** Previous / next and a week list from the first active week to the last playable one. */
export function WeekSelector({
  week,
  first,
  last,
  onChange,
}: {
  week: number;
  first: number;
  last: number;
  onChange: (week: number) => void;
}) {
  const weeks = Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => String(first + index));
  // A future week asked by address still shows in the list, so the select never goes blank.
  if (!weeks.includes(String(week))) weeks.push(String(week));
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Week selector">
      <ActionIcon
        variant="default"
        aria-label="Previous week"
        disabled={week <= first}
        onClick={() => onChange(week - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Select
        aria-label="Week"
        data={weeks.map((value) => ({ value, label: `Week ${value}` }))}
        value={String(week)}
        onChange={(value) => value && onChange(Number(value))}
        allowDeselect={false}
        w={120}
        size="sm"
      />
      <ActionIcon
        variant="default"
        aria-label="Next week"
        disabled={week >= last}
        onClick={() => onChange(week + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}

/** Lives left, or ELIMINATED / REBUY. */
export function LivesBadge({ entry }: { entry: ScoreboardEntry }) {
  if (entry.status === 'eliminated') {
    return (
      <Badge color="red.9" variant="filled" size="sm">
        ELIMINATED
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" fw={700}>
        {entry.lives}
      </Text>
      <Text size="xs" c="dark.4">
        {entry.lives === 1 ? 'life' : 'lives'}
      </Text>
      {entry.status === 'needs-rebuy' && (
        <Badge color="red.9" variant="outline" size="xs">
          REBUY
        </Badge>
      )}
    </Group>
  );
}

const RESULT_LABELS: Record<string, { label: string; color: string }> = {
  advance: { label: 'ADVANCED', color: 'green.9' },
  moon: { label: 'MOON +1', color: 'grape.9' },
  loss: { label: 'LOST A LIFE', color: 'red.9' },
  'no-pick': { label: 'NO PICK', color: 'red.9' },
  'no-rebuy': { label: 'NO REBUY', color: 'red.9' },
};

/** The settled week's result for the entry, when judged. */
export function WeekResultBadge({ entry }: { entry: ScoreboardEntry }) {
  const result = entry.week_result;
  if (!result) return null;
  const shown = RESULT_LABELS[result.result] ?? { label: result.result.toUpperCase(), color: 'dark.7' };
  return (
    <Badge color={shown.color} variant="filled" size="sm">
      {shown.label}
    </Badge>
  );
}

/** HIDDEN (someone else's open pick) or NO PICK (YET). */
export function NoPickText({ entry }: { entry: ScoreboardEntry }) {
  if (entry.pick === 'hidden') {
    return (
      <Group gap={4} wrap="nowrap">
        <IconEyeOff size={14} aria-hidden />
        <Text size="sm" fw={800}>
          HIDDEN
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" fw={700} c="dark.4">
      NO PICK (YET)
    </Text>
  );
}
