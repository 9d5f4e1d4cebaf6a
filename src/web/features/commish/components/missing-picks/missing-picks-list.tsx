import { Badge, Card, Group, Text } from '@mantine/core';
import type { MissingPickRow } from '../../../../../core/contracts/pools';
import { ResponsiveTable } from '../../../../components/responsive-table';

function Lives({ lives }: { lives: number }) {
  return <>{`${lives} ${lives === 1 ? 'life' : 'lives'}`}</>;
}

function Insurance({ insured }: { insured: boolean }) {
  return insured ? (
    <Badge
      color="blue.9"
      variant="light"
      size="sm"
      title="If this entry does not pick, insurance will pick for it at the lock"
    >
      Insured: insurance will pick
    </Badge>
  ) : (
    <Text size="sm" c="dark.4" component="span">
      Not insured
    </Text>
  );
}

/** The picks an entry made of those its week asks (NFL TD's players, an NFL Survivor multi-pick week's teams): never which. */
function PicksMade({ row, picksPerWeek }: { row: MissingPickRow; picksPerWeek: number }) {
  return <>{`${row.picks_made} of ${picksPerWeek} picks made`}</>;
}

/** The entries owing a pick: a table from the small breakpoint up, one card per entry on a phone. */
export function MissingPicksList({ rows, picksPerWeek }: { rows: MissingPickRow[]; picksPerWeek: number }) {
  const several = picksPerWeek > 1;
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(row) => row.entry_id}
      minWidth={560}
      scroll={{ tabIndex: 0, 'aria-labelledby': 'missing-picks-title' }}
      table={{ striped: true, verticalSpacing: 'xs', fz: 'sm', 'aria-label': 'Entries owing a pick' }}
      columns={[
        {
          key: 'player',
          header: 'Player',
          td: { fw: 600, style: { overflowWrap: 'anywhere' } },
          cell: (row) => row.username,
        },
        { key: 'entry', header: 'Entry', cell: (row) => row.label },
        { key: 'lives', header: 'Lives', cell: (row) => <Lives lives={row.lives} /> },
        several && {
          key: 'picks',
          header: 'Picks',
          cell: (row) => <PicksMade row={row} picksPerWeek={picksPerWeek} />,
        },
        { key: 'insurance', header: 'Insurance', cell: (row) => <Insurance insured={row.insured} /> },
      ]}
      cards={{
        component: 'ul',
        p: 0,
        m: 0,
        style: { listStyle: 'none' },
        'aria-label': 'Entries owing a pick',
      }}
      card={(row) => (
        <Card withBorder padding="sm" component="li" aria-label={`Entry ${row.label}`}>
          <Group justify="space-between" wrap="wrap" gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.label}
            </Text>
            <Text size="sm">
              <Lives lives={row.lives} />
              {several && (
                <>
                  {' · '}
                  <PicksMade row={row} picksPerWeek={picksPerWeek} />
                </>
              )}
            </Text>
          </Group>
          <Insurance insured={row.insured} />
        </Card>
      )}
    />
  );
}
