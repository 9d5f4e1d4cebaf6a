import { Badge, Button, Card, Collapse, Group, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { MyEntry, PoolDetails } from '../../../../../core/contracts/pools';
import { picksPlayers } from '../../../../../core/games';
import { entryStatusText } from '../pool-labels';

/** The viewer's entries at a glance, folded away on request. Nothing for a viewer without entries. */
export function EntryQuickview({ pool, entries }: { pool: PoolDetails; entries: MyEntry[] }) {
  const [opened, { toggle }] = useDisclosure(true);
  if (entries.length === 0) return null;
  const teamGame = !picksPlayers(pool.game);
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="md" id="entry-quickview-title">
          Your {entries.length === 1 ? 'Entry' : 'Entries'}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={toggle}
          aria-expanded={opened}
          aria-controls="entry-quickview-body"
          rightSection={
            opened ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
          }
        >
          {opened ? 'Hide' : 'Show'}
        </Button>
      </Group>
      <Collapse expanded={opened} id="entry-quickview-body">
        <Table mt="xs" verticalSpacing={6} fz="sm" layout="fixed" aria-labelledby="entry-quickview-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Entry</Table.Th>
              <Table.Th w={110}>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{entry.label}</Text>
                  <Extras entry={entry} teamGame={teamGame} />
                </Table.Td>
                <Table.Td w={110}>
                  <EntryStatus entry={entry} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Collapse>
    </Card>
  );
}

function EntryStatus({ entry }: { entry: MyEntry }) {
  const text = entryStatusText(entry);
  if (text === 'ELIMINATED') {
    return (
      <Text size="xs" fw={700} c="red.9">
        {text}
      </Text>
    );
  }
  return (
    <Badge color={entry.needs_rebuy ? 'orange.9' : 'green.8'} size="sm">
      {text}
    </Badge>
  );
}

/** Rebuys made, and the bonus pool, insurance and auto-rebuy when the entry has them (the team games). */
function Extras({ entry, teamGame }: { entry: MyEntry; teamGame: boolean }) {
  const extras = [
    entry.rebuys_made > 0 && `${entry.rebuys_made} ${entry.rebuys_made === 1 ? 'rebuy' : 'rebuys'}`,
    teamGame && entry.bonus && 'Bonus pool',
    teamGame && entry.insurance_purchased && 'Insured',
    entry.auto_rebuy && 'Auto-rebuy',
  ].filter(Boolean);
  if (extras.length === 0) return null;
  return (
    <Text size="xs" c="dark.4">
      {extras.join(' · ')}
    </Text>
  );
}
