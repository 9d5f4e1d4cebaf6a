import { Card, Group, NumberInput, Text } from '@mantine/core';
import type { PrizeSplitResponse } from '../../../../../core/contracts/pools';
import { formatDollars as cents } from '../../../../../core/money';
import { ResponsiveTable } from '../../../../components/responsive-table';

type Entrant = PrizeSplitResponse['entrants'][number];

/** The Split Prizes table (cards on a phone): each entrant's lives, prizes, share as typed and part. */
export function SplitTable({
  entrants,
  totalShares,
  shareOf,
  setShare,
  awardOf,
}: {
  entrants: Entrant[];
  totalShares: number;
  shareOf: (entryId: number, fallback: number) => string | number;
  setShare: (entrant: Entrant, value: string | number) => void;
  /** The entrant's part, in cents. */
  awardOf: (entrant: Entrant) => number;
}) {
  const shareInput = (entrant: Entrant) => (
    <NumberInput
      aria-label={`Split share of ${entrant.label}`}
      min={0}
      step={1}
      decimalScale={4}
      allowNegative={false}
      size="xs"
      w={96}
      value={shareOf(entrant.entry_id, entrant.default_share)}
      onChange={(value) => setShare(entrant, value)}
    />
  );
  const livesText = (entrant: Entrant) => (entrant.alive ? String(entrant.lives) : 'Eliminated');
  const award = (entrant: Entrant) => cents(awardOf(entrant));
  const right = { ta: 'right' } as const;

  return (
    <ResponsiveTable
      rows={entrants}
      rowKey={(entrant) => entrant.entry_id}
      minWidth={640}
      scroll={{ tabIndex: 0, 'aria-label': 'Split table' }}
      table={{ verticalSpacing: 4, fz: 'sm', 'aria-label': 'Prize split by entrant' }}
      columns={[
        { key: 'entry', header: 'Entry', td: { fw: 600 }, cell: (entrant) => entrant.label },
        { key: 'lives', header: 'Lives', th: right, td: right, cell: livesText },
        {
          key: 'prizes',
          header: 'Prizes to Date',
          th: right,
          td: right,
          cell: (entrant) => cents(entrant.prizes),
        },
        { key: 'share', header: 'Split Share', cell: shareInput },
        {
          key: 'shares',
          header: 'Total Shares',
          th: right,
          td: right,
          cell: () => totalShares.toLocaleString('en-US'),
        },
        {
          key: 'prize',
          header: 'Prize to Be Awarded',
          th: right,
          td: { ta: 'right', fw: 600 },
          cell: award,
        },
      ]}
      cards={{ gap: 6 }}
      card={(entrant) => (
        <Card withBorder padding="xs" component="section" aria-label={`Split of ${entrant.label}`}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {entrant.label}
            </Text>
            <Text size="sm" fw={700}>
              {award(entrant)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Text size="xs" c="dark.4">
              {entrant.alive ? `${entrant.lives} ${entrant.lives === 1 ? 'life' : 'lives'}` : 'Eliminated'} ·{' '}
              {cents(entrant.prizes)} to date
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dark.4">
                Share
              </Text>
              {shareInput(entrant)}
            </Group>
          </Group>
        </Card>
      )}
    />
  );
}
