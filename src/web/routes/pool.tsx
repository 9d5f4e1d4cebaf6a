import { Container } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useParams, useRoutes } from 'react-router';
import { GAME_NAMES, GameSchema, notPlayableNotice, SeasonTypeSchema } from '../../core/games';
import { QueryState } from '../components/query-state';
import { useLoginModal } from '../features/auth/components/login-modal';
import { useLoadPool } from '../features/pool/api/pool';
import { PoolShell } from '../features/pool/components/pool-shell';
import { POOL_TABS, type PoolTab } from '../features/pool/components/pool-tabs';
import { ApiError } from '../lib/api';
import type { PoolAddress } from '../lib/query-keys';
import { ComingSoon } from './coming-soon';
import NotFoundPage from './not-found';

// The Commish tools are a feature of their own, composed here after the pool's tabs; a chunk of their own
// too, loaded when opened (scripts/bundle-size.mjs measures the pool page with it).
const loadCommishTools = () => import('../features/commish/components/commish-tools-tab');
const CommishToolsTab = lazy(() => loadCommishTools().then((m) => ({ default: m.CommishToolsTab })));

/** The pool page's tabs: the pool's own, then the Commish tools for the league's admins. */
const TABS: readonly PoolTab[] = [
  ...POOL_TABS,
  {
    key: 'commishtools',
    label: 'Commish tools',
    adminOnly: true,
    load: loadCommishTools,
    render: ({ data }) => <CommishToolsTab pool={data.pool} viewer={data.viewer} />,
  },
];

// Only a private league's pool, asked for from outside the league, shows this page.
const MembersOnlyPool = lazy(() =>
  import('./pool-members-only').then((module) => ({ default: module.MembersOnlyPool })),
);

/**
 * /{game}/{leagueAbb}/{season}/{seasonType}/{poolIdx}/{tab?}: a pool page, or not found. The tabs are nested
 * routes (Home also at the pool's own address; an unknown tab shows Home); the Commish tools route their
 * tools beneath /commishtools.
 */
export default function PoolRoutePage() {
  const { game = '', leagueAbb = '', season = '', seasonType = '', poolIdx = '' } = useParams();
  const parsed = GameSchema.safeParse(game);
  if (!parsed.success) return <NotFoundPage />;
  const notice = notPlayableNotice(parsed.data);
  if (notice) return <ComingSoon title={`${GAME_NAMES[parsed.data]} Pool`} message={notice} />;
  // An address that cannot name a pool is not asked for.
  if (
    !/^\d{4}$/.test(season) ||
    !/^\d{1,3}$/.test(poolIdx) ||
    !SeasonTypeSchema.safeParse(seasonType).success
  ) {
    return <NotFoundPage />;
  }
  return <PoolTabRoutes address={{ game: parsed.data, leagueAbb, season, seasonType, poolIdx }} />;
}

/** The pool's tabs as nested routes: Home at the pool's own address too, and for an unknown tab. */
function PoolTabRoutes({ address }: { address: PoolAddress }) {
  return useRoutes([
    { index: true, element: <PoolView address={address} tab="home" /> },
    ...TABS.map(({ key }) => ({ path: `${key}/*`, element: <PoolView address={address} tab={key} /> })),
    { path: '*', element: <PoolView address={address} tab="home" /> },
  ]);
}

function PoolView({ address, tab }: { address: PoolAddress; tab: string }) {
  const pool = useLoadPool(address);
  const { openLogin } = useLoginModal();
  // The tab's code loads while the pool does, not after it.
  useEffect(() => {
    void TABS.find((t) => t.key === tab)?.load();
  }, [tab]);
  // A private league's pool, asked for by someone outside the league (decision 035).
  if (pool.error instanceof ApiError && pool.error.status === 403) {
    return (
      <Suspense fallback={null}>
        <MembersOnlyPool address={address} onLogin={() => openLogin()} />
      </Suspense>
    );
  }
  if (pool.isLoading || pool.isError) {
    return <QueryState query={pool} loading="loading pool" failed="Could not load this pool" />;
  }
  if (!pool.data) return <NotFoundPage />;
  return (
    <Container size="xl" px={0}>
      <PoolShell data={pool.data} address={address} tabs={TABS} tab={tab} onLogin={() => openLogin()} />
    </Container>
  );
}
