import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  type ExportKind,
  exportPaths,
  type PoolDetails,
  type PoolViewer,
} from '../../../../../core/contracts/pools';
import { poolAddressOf, poolPagePath } from '../../../../../core/pool/identity';
import { ExportButton } from './export-button';

/** The commissioner's CSV files, each with what it holds; the server names the file it sends. */
const EXPORTS: { kind: ExportKind; label: string; holds: string; path: (poolId: number) => string }[] = [
  {
    kind: 'picks',
    label: 'Picks grid',
    holds: "Every entry's picks, a column a week, for the weeks that have locked.",
    path: exportPaths.picks,
  },
  {
    kind: 'ledger',
    label: 'Ledger',
    holds: 'Every money line of the pool, dated: buy-ins, re-buys, insurance, payments and prizes.',
    path: exportPaths.ledger,
  },
  {
    kind: 'finances',
    label: 'Finances',
    holds: "Each entrant's totals: what they owe, what they paid and the prizes won and paid.",
    path: exportPaths.finances,
  },
  {
    kind: 'missing-picks',
    label: 'Missing picks',
    holds: "The entries that still owe the open week's pick.",
    path: exportPaths.missingPicks,
  },
  {
    kind: 'standings',
    label: 'Standings',
    holds: 'The standings as every visitor sees them (also on the Standings tab).',
    path: exportPaths.standings,
  },
];

/** The Commish tools' Exports: the pool's CSV files and the printable picks grid of a week. */
export function ExportsTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const week = Math.min(Math.max(1, pool.live_week), Math.max(1, pool.week_count));
  return (
    <Stack gap="md">
      <Card withBorder padding="md" component="section" aria-labelledby="exports-files-title">
        <Title order={3} fz="md" id="exports-files-title" mb={4}>
          Download a CSV file
        </Title>
        <Text size="sm" c="dark.4" mb="sm">
          Spreadsheet files of this pool, as of now. No pick of a week that has not locked is in any of them.
        </Text>
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="CSV files">
          {EXPORTS.map((file) => (
            <Group key={file.kind} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <div>
                <Text fw={700} size="sm">
                  {file.label}
                </Text>
                <Text size="xs" c="dark.4">
                  {file.holds}
                </Text>
              </div>
              <ExportButton
                href={file.path(pool.id)}
                fileName={`${file.kind}.csv`}
                aria-label={`Download ${file.label} CSV`}
                style={{ flexShrink: 0 }}
              >
                CSV
              </ExportButton>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder padding="md" component="section" aria-labelledby="exports-print-title">
        <Title order={3} fz="md" id="exports-print-title" mb={4}>
          Print a week's picks
        </Title>
        <Text size="sm" c="dark.4" mb="sm">
          One week's picks and results on a page sized for paper or a phone screenshot, once the week locks.
        </Text>
        <Group>
          <Button
            component={Link}
            to={`${poolPagePath(poolAddressOf(pool))}/standings/print/${week}`}
            variant="default"
            size="xs"
            leftSection={<IconPrinter size={14} aria-hidden />}
          >
            Print week {week}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
