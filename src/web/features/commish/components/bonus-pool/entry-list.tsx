import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BonusParamsEntry } from '../../../../../core/contracts/pools';

/** One of a week's three lists: its entries with their count, a button each where it may move, its pager. */
export function EntryList({
  title,
  count,
  entries,
  empty,
  note,
  pager,
  children,
}: {
  title: string;
  /** Every entry of the list, beyond the page shown. */
  count: number;
  entries: BonusParamsEntry[];
  empty: string;
  note?: (entry: BonusParamsEntry) => string;
  pager?: ReactNode;
  children: (entry: BonusParamsEntry) => ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text fw={700} mb={6}>
        {title} ({count.toLocaleString('en-US')})
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dark.4">
          {empty}
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
          {entries.map((entry) => (
            <Group key={entry.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.label}
                {note && (
                  <Text span size="xs" c="dark.4">
                    {' '}
                    ({note(entry)})
                  </Text>
                )}
              </Text>
              {children(entry)}
            </Group>
          ))}
        </Stack>
      )}
      {pager}
    </Paper>
  );
}
