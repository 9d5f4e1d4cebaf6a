import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/**
 * Previous / next around a label ("Week 3", "Weeks 6-10", "Page 2 of 5"): for stepping through weeks, or
 * pages one at a time; named buttons, so screen readers know them.
 */
export function StepPager({
  label,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  previousLabel,
  nextLabel,
}: {
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  previousLabel: string;
  nextLabel: string;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon variant="default" onClick={onPrevious} disabled={!hasPrevious} aria-label={previousLabel}>
        <IconChevronLeft size={16} aria-hidden />
      </ActionIcon>
      <Text size="sm" fw={700} miw={84} ta="center" aria-live="polite">
        {label}
      </Text>
      <ActionIcon variant="default" onClick={onNext} disabled={!hasNext} aria-label={nextLabel}>
        <IconChevronRight size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
