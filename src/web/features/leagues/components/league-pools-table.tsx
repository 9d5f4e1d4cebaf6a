import { Anchor, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { LeaguePoolRow, LeagueView, YourStatus } from '../../../../core/contracts/leagues';
import { ResponsiveTable } from '../../../components/responsive-table';
import { formatDate, formatDollars } from '../../../lib/format';
import { buyinText, Champions } from './pool-cells';

// The confirmation (a modal) loads when someone starts signing up.
const SignUpModal = lazy(() =>
  import('../../../components/sign-up/sign-up-modal').then((module) => ({ default: module.SignUpModal })),
);

const ACTIVATION_TIP = "A league commissioner must activate this pool via the league's Create Pool tab.";

interface Row {
  key: string;
  /** The pool's name as text: the phone card's accessible name. */
  label: string;
  name: ReactNode;
  status: ReactNode;
  yourStatus: ReactNode;
  entries: ReactNode;
  lives: ReactNode;
  buyin: ReactNode;
}

/**
 * The league's pools: seasons waiting for activation, then its activated pools. A table from tablet
 * width up; on a phone each pool is a small card, so Your Status is never scrolled out of sight.
 */
export function LeaguePoolsTable({ view }: { view: LeagueView }) {
  const { league, viewer } = view;
  const empty = view.available_pools.length === 0 && view.pools.length === 0;
  const [signingUp, setSigningUp] = useState<LeaguePoolRow | null>(null);
  const rows: Row[] = [
    ...view.available_pools.map((pool) => ({
      key: `a${pool.season_param_id}`,
      label: `${pool.game_name} ${pool.season}`,
      name: (
        <Text size="sm">
          {pool.game_name} {pool.season}
        </Text>
      ),
      status: (
        <Text size="sm">
          {pool.status === 'begins' ? `Begins ${formatDate(pool.start, 'M.D.YY')}` : 'Open for Late Reg'}
        </Text>
      ),
      yourStatus: (
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
      ),
      // Not a pool yet: nothing to count.
      entries: null,
      lives: null,
      buyin: null,
    })),
    ...view.pools.map((pool) => ({
      key: String(pool.id),
      label: `${pool.pool_name} ${pool.season}`,
      name: pool.locked ? (
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
      ),
      status: <PoolStatus pool={pool} />,
      yourStatus: <YourStatusCell status={pool.your_status} onSignUp={() => setSigningUp(pool)} />,
      entries: pool.entries,
      lives: pool.lives,
      buyin: buyinText(pool),
    })),
  ];
  return (
    <Card withBorder padding="md">
      {signingUp && (
        <Suspense fallback={null}>
          <SignUpModal
            pool={{ ...signingUp, name: signingUp.pool_name }}
            onClose={() => setSigningUp(null)}
          />
        </Suspense>
      )}
      <Title order={2} fz="md" mb="xs">
        Pools
      </Title>
      {empty ? (
        <Text c="dark.4">This league has no pools yet.</Text>
      ) : (
        <ResponsiveTable
          rows={rows}
          rowKey={(row) => row.key}
          minWidth={600}
          table={{ striped: true, verticalSpacing: 'xs' }}
          columns={[
            { key: 'pool', header: 'Pool', cell: (row) => row.name },
            { key: 'status', header: 'Status', cell: (row) => row.status },
            { key: 'your-status', header: 'Your Status', cell: (row) => row.yourStatus },
            { key: 'entries', header: 'Entries', cell: (row) => row.entries ?? '—' },
            { key: 'lives', header: 'Lives', cell: (row) => row.lives ?? '—' },
            { key: 'buyin', header: 'Buyin/Rebuy', cell: (row) => row.buyin ?? '—' },
          ]}
          cards={{ gap: 0 }}
          card={(row, index) => (
            <Stack
              role="group"
              aria-label={row.label}
              gap={4}
              py="sm"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {row.name}
                {row.status}
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="xs" c="dark.4" style={{ flexShrink: 0 }}>
                  Your Status
                </Text>
                <div style={{ textAlign: 'right' }}>{row.yourStatus}</div>
              </Group>
              {row.entries !== null && (
                <Text size="xs" c="dark.4">
                  Entries {row.entries} · Lives {row.lives} · Buyin/Rebuy {row.buyin}
                </Text>
              )}
            </Stack>
          )}
        />
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
