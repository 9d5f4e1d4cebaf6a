import { Anchor, Badge, Button, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LeaguePoolRow, LeagueView, YourStatus } from '../../../../core/contracts/leagues';
import { formatDate, formatDollars } from '../../../lib/format';
import { buyinText, Champions } from './pool-cells';
import { SignUpModal } from './sign-up-modal';

const ACTIVATION_TIP = "A league commissioner must activate this pool via the league's Create Pool tab.";

/** The league's pools: seasons waiting for activation, then its activated pools. */
export function LeaguePoolsTable({ view }: { view: LeagueView }) {
  const { league, viewer } = view;
  const empty = view.available_pools.length === 0 && view.pools.length === 0;
  const [signingUp, setSigningUp] = useState<LeaguePoolRow | null>(null);
  return (
    <Card withBorder padding="md">
      {signingUp && <SignUpModal pool={signingUp} onClose={() => setSigningUp(null)} />}
      <Title order={2} fz="md" mb="xs">
        Pools
      </Title>
      {empty ? (
        <Text c="dark.4">This league has no pools yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pool</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Your Status</Table.Th>
                <Table.Th>Entries</Table.Th>
                <Table.Th>Lives</Table.Th>
                <Table.Th>Buyin/Rebuy</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.available_pools.map((pool) => (
                <Table.Tr key={`a${pool.season_param_id}`}>
                  <Table.Td>
                    {pool.game_name} {pool.season}
                  </Table.Td>
                  <Table.Td>
                    {pool.status === 'begins'
                      ? `Begins ${formatDate(pool.start, 'M.D.YY')}`
                      : 'Open for Late Reg'}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={ACTIVATION_TIP} multiline w={240}>
                      {viewer.isAdmin ? (
                        <Anchor component={Link} to={`/league/${league.abb}/createpool`} fw={700} size="sm">
                          ACTIVATE POOL
                        </Anchor>
                      ) : (
                        <Text size="xs" fw={700} c="dark.4" tabIndex={0}>
                          PENDING COMMISSIONER ACTIVATION
                        </Text>
                      )}
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>—</Table.Td>
                  <Table.Td>—</Table.Td>
                  <Table.Td>—</Table.Td>
                </Table.Tr>
              ))}
              {view.pools.map((pool) => (
                <Table.Tr key={pool.id}>
                  <Table.Td>
                    {pool.locked ? (
                      <Group gap={4} wrap="nowrap">
                        <IconLock size={14} aria-label="Members only" />
                        <Text size="sm">
                          {pool.pool_name} {pool.season}
                        </Text>
                      </Group>
                    ) : (
                      <Anchor component={Link} to={pool.path} fw={600} size="sm">
                        {pool.pool_name} {pool.season}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <PoolStatus pool={pool} />
                  </Table.Td>
                  <Table.Td>
                    <YourStatusCell status={pool.your_status} onSignUp={() => setSigningUp(pool)} />
                  </Table.Td>
                  <Table.Td>{pool.entries}</Table.Td>
                  <Table.Td>{pool.lives}</Table.Td>
                  <Table.Td>{buyinText(pool)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function PoolStatus({ pool }: { pool: LeaguePoolRow }) {
  if (pool.status === 'final') {
    return (
      <div>
        <Text size="sm">Completed</Text>
        {pool.champions.length > 0 && <Champions names={pool.champions} />}
      </div>
    );
  }
  if (pool.status === 'in_progress') return <Text size="sm">In Progress</Text>;
  // A private league's pools open to its members only.
  if (pool.locked) {
    return (
      <Text size="sm" fw={700}>
        OPEN FOR ENTRY
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={pool.path} fw={700} size="sm">
      OPEN FOR ENTRY
    </Anchor>
  );
}

function YourStatusCell({ status, onSignUp }: { status: YourStatus; onSignUp: () => void }) {
  switch (status.kind) {
    case 'na':
      return <Text size="sm">n/a</Text>;
    case 'final':
      return (
        <Text size="sm">
          {status.final_rank ? `#${status.final_rank}` : '—'}
          {status.prizes > 0 ? ` · ${formatDollars(status.prizes, { whole: true })}` : ''}
        </Text>
      );
    case 'alive':
      return (
        <Badge color="green.8">
          {status.lives} {status.lives === 1 ? 'life' : 'lives'}
        </Badge>
      );
    case 'eliminated':
      return (
        <Text size="sm" fw={700} c="red.8">
          ELIMINATED
        </Text>
      );
    case 'dnp':
      return <Text size="sm">DNP</Text>;
    case 'sign_up':
      return (
        <Button size="compact-xs" onClick={onSignUp}>
          SIGN UP!
        </Button>
      );
  }
}
