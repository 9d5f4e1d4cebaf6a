import { Alert, Anchor, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { AllPoolsQuery } from '../../../../core/contracts/leagues';
import { GAME_NAMES, GameSchema } from '../../../../core/games';
import { QueryState } from '../../../components/query-state';
import { ResponsiveTable } from '../../../components/responsive-table';
import { useAllPools } from '../api/leagues';
import { buyinText, insuranceText, PoolNameCell, PoolStatusCell } from './pool-cells';

type GameFilter = Required<AllPoolsQuery>['game'];
type ScopeFilter = Required<AllPoolsQuery>['scope'];

const GAME_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'nba', label: 'NBA' },
  { value: 'mlb', label: 'MLB' },
  { value: 'nfl-td', label: 'NFL TD' },
  { value: 'nfl', label: 'NFL Survivor' },
];

/** Reads the filters of /leagues/allpools/{game}/{scope}; unknown values fall back to all. */
export function parsePoolFilters(game?: string, scope?: string): { game: GameFilter; scope: ScopeFilter } {
  const knownGame = game === 'all' || GameSchema.safeParse(game).success ? (game as GameFilter) : 'all';
  return { game: knownGame, scope: scope === 'my' ? 'my' : 'all' };
}

/** The address of a filter choice, as short as the route table allows. */
function filterPath(game: GameFilter, scope: ScopeFilter): string {
  if (scope === 'my') return `/leagues/allpools/${game}/my`;
  return game === 'all' ? '/leagues/allpools' : `/leagues/allpools/${game}`;
}

/** Every pool the viewer may see, filtered by game and by "my pools"; the filters live in the address. */
export function AllPools({
  game,
  scope,
  loggedIn,
}: {
  game: GameFilter;
  scope: ScopeFilter;
  loggedIn: boolean;
}) {
  const navigate = useNavigate();
  const effectiveScope = loggedIn ? scope : 'all';
  const pools = useAllPools({ game, scope: effectiveScope });
  return (
    <Stack gap="md">
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          aria-label="Game"
          value={game}
          onChange={(value) => navigate(filterPath(value as GameFilter, effectiveScope))}
          data={GAME_OPTIONS}
        />
        <Tooltip label="Log in to see your pools" disabled={loggedIn}>
          <div>
            <SegmentedControl
              aria-label="Scope"
              value={effectiveScope}
              onChange={(value) => navigate(filterPath(game, value as ScopeFilter))}
              data={[
                { value: 'all', label: 'All Pools' },
                { value: 'my', label: 'My Pools', disabled: !loggedIn },
              ]}
            />
          </div>
        </Tooltip>
      </Group>
      <QueryState query={pools} loading="Loading pools" failed="Could not load the pools" />
      {pools.data && pools.data.length === 0 && (
        <Alert color="gray" title="No pools found">
          {effectiveScope === 'my' ? (
            <>
              You have not entered any pools{game === 'all' ? '' : ` for ${GAME_NAMES[game]}`} yet.{' '}
              <Anchor component={Link} to="/leagues/allpools" underline="always">
                Browse all pools
              </Anchor>
            </>
          ) : (
            'There are no pools to show for this game yet.'
          )}
        </Alert>
      )}
      {pools.data && pools.data.length > 0 && (
        <ResponsiveTable
          rows={pools.data}
          rowKey={(pool) => pool.id}
          minWidth={960}
          table={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs' }}
          columns={[
            { key: 'game', header: 'Game', cell: (pool) => pool.game_name },
            { key: 'pool', header: 'Pool', cell: (pool) => <PoolNameCell pool={pool} /> },
            {
              key: 'league',
              header: 'League',
              // Locked pools belong to private leagues that are not hidden: their page offers a request.
              cell: (pool) => (
                <Anchor component={Link} to={`/league/${pool.league_abb}`} size="sm">
                  {pool.league_name}
                </Anchor>
              ),
            },
            { key: 'status', header: 'Status', cell: (pool) => <PoolStatusCell pool={pool} /> },
            { key: 'entries', header: 'Entries', cell: (pool) => pool.entries },
            { key: 'lives', header: 'Lives', cell: (pool) => pool.lives },
            { key: 'buyin', header: 'Buyin/Rebuy', cell: buyinText },
            {
              key: 'bonus',
              header: 'Bonus Pool',
              cell: (pool) => (pool.bonus_active ? 'Active' : 'Disabled'),
            },
            { key: 'insurance', header: 'Insurance', cell: insuranceText },
          ]}
          // On a phone each pool is a card: name and status first, the numbers beneath.
          cards={{ gap: 0 }}
          card={(pool, index) => (
            <Stack
              role="group"
              aria-label={`${pool.pool_name} ${pool.season} · ${pool.league_name}`}
              gap={4}
              py="sm"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <PoolNameCell pool={pool} />
                <PoolStatusCell pool={pool} />
              </Group>
              <Text size="xs" c="dark.4">
                {pool.game_name} ·{' '}
                {/* Within a line of text a link is told apart by more than its colour (WCAG 1.4.1). */}
                <Anchor component={Link} to={`/league/${pool.league_abb}`} size="xs" underline="always">
                  {pool.league_name}
                </Anchor>
              </Text>
              <Text size="xs" c="dark.4">
                Entries {pool.entries} · Lives {pool.lives} · Buyin/Rebuy {buyinText(pool)}
              </Text>
              <Text size="xs" c="dark.4">
                Bonus Pool {pool.bonus_active ? 'Active' : 'Disabled'} · Insurance {insuranceText(pool)}
              </Text>
            </Stack>
          )}
        />
      )}
    </Stack>
  );
}
