import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { MissingPickRow } from '../../../../../../core/contracts/pools';

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

/** The picks an nfl-td entry made of those its week asks: never which. */
function PicksMade({ row, picksPerWeek }: { row: MissingPickRow; picksPerWeek: number }) {
  return <>{`${row.picks_made} of ${picksPerWeek} picks made`}</>;
}

/** The entries owing a pick: a table from the small breakpoint up, one card per entry on a phone. */
export function MissingPicksList({ rows, picksPerWeek }: { rows: MissingPickRow[]; picksPerWeek: number }) {
  const several = picksPerWeek > 1;
  return (
    <>
      <Table.ScrollContainer
        minWidth={560}
        visibleFrom="sm"
        tabIndex={0}
        aria-labelledby="missing-picks-title"
      >
        <Table striped verticalSpacing="xs" fz="sm" aria-label="Entries owing a pick">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Player</Table.Th>
              <Table.Th>Entry</Table.Th>
              <Table.Th>Lives</Table.Th>
              {several && <Table.Th>Picks</Table.Th>}
              <Table.Th>Insurance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.entry_id}>
                <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.username}
                </Table.Td>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>
                  <Lives lives={row.lives} />
                </Table.Td>
                {several && (
                  <Table.Td>
                    <PicksMade row={row} picksPerWeek={picksPerWeek} />
                  </Table.Td>
                )}
                <Table.Td>
                  <Insurance insured={row.insured} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack
        gap="xs"
        hiddenFrom="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Entries owing a pick"
      >
        {rows.map((row) => (
          <Card key={row.entry_id} withBorder padding="sm" component="li" aria-label={`Entry ${row.label}`}>
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
        ))}
      </Stack>
    </>
  );
}
