import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { listWeekButtons } from './pick-view';

/** Previous / next and up to seven week buttons around the shown week. */
export function WeekPager({
  week,
  weekCount,
  onChange,
}: {
  week: number;
  weekCount: number;
  onChange: (week: number) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Week">
      <ActionIcon
        variant="default"
        size="md"
        aria-label="Previous week"
        disabled={week <= 1}
        onClick={() => onChange(week - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      {listWeekButtons(week, weekCount).map((n, index, all) => (
        <Button
          key={n}
          // A phone shows five: the outer two of seven would push the next arrow off screen.
          visibleFrom={all.length === 7 && n !== week && (index === 0 || index === 6) ? 'xs' : undefined}
          size="compact-sm"
          variant={n === week ? 'filled' : 'default'}
          aria-label={`Week ${n}`}
          aria-current={n === week ? 'true' : undefined}
          onClick={() => onChange(n)}
          px={8}
        >
          {n}
        </Button>
      ))}
      <ActionIcon
        variant="default"
        size="md"
        aria-label="Next week"
        disabled={week >= weekCount}
        onClick={() => onChange(week + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
