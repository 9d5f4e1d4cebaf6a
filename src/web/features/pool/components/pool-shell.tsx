import { Alert, Group, Loader, Stack, Tabs } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoadPoolResponse } from '../../../../core/contracts/pools';
import type { PoolAddress } from '../../../lib/query-keys';
import { GAME_COLORS } from '../../../theme';
import { useActiveEntry } from '../hooks/use-active-entry';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { PoolBanner, PoolNotice } from './pool-banner';
import { poolPath } from './pool-labels';

// Every tab loads when shown, so that a deep link to a tab does not load Home. The route starts
// loading Home while the pool loads (preloadPoolHome).
const loadPoolHome = () => import('./home/pool-home');
export const preloadPoolHome = () => void loadPoolHome();
const PoolHome = lazy(() => loadPoolHome().then((module) => ({ default: module.PoolHome })));
// The Active Entry choice (and the combobox code it brings) shows only for several entries.
const ActiveEntrySelect = lazy(() =>
  import('./active-entry-select').then((module) => ({ default: module.ActiveEntrySelect })),
);
const HowToPlay = lazy(() => import('./how-to-play').then((module) => ({ default: module.HowToPlay })));
const MakePicksTab = lazy(() =>
  import('./make-picks/make-picks-tab').then((module) => ({ default: module.MakePicksTab })),
);
const ScoreboardTab = lazy(() =>
  import('./scoreboard/scoreboard-tab').then((module) => ({ default: module.ScoreboardTab })),
);
const StandingsTab = lazy(() =>
  import('./standings/standings-tab').then((module) => ({ default: module.StandingsTab })),
);
const BonusesTab = lazy(() =>
  import('./bonuses/bonuses-tab').then((module) => ({ default: module.BonusesTab })),
);
const CommishToolsTab = lazy(() =>
  import('./commish/commish-tools-tab').then((module) => ({ default: module.CommishToolsTab })),
);
const FinancesTab = lazy(() =>
  import('./finances/finances-tab').then((module) => ({ default: module.FinancesTab })),
);

type TabKey =
  | 'home'
  | 'howtoplay'
  | 'makepicks'
  | 'scoreboard'
  | 'standings'
  | 'bonuses'
  | 'finances'
  | 'commishtools';

const TABS: { key: TabKey; label: string; adminOnly?: boolean }[] = [
  { key: 'home', label: 'Home' },
  { key: 'howtoplay', label: 'How to play' },
  { key: 'makepicks', label: 'Make picks' },
  { key: 'scoreboard', label: 'Scoreboard' },
  { key: 'standings', label: 'Standings' },
  { key: 'bonuses', label: 'Bonuses' },
  { key: 'finances', label: 'Finances' },
  { key: 'commishtools', label: 'Commish tools', adminOnly: true },
];

/** The pool page: banner, whose pool it is, the Active Entry choice and the tabs at the pool's sub-paths. */
export function PoolShell({
  data,
  address,
  tab,
  subTab = '',
  onLogin,
}: {
  data: LoadPoolResponse;
  address: PoolAddress;
  tab: string;
  /** The part of the address after the tab: the Commish tools' tool. */
  subTab?: string;
  onLogin: () => void;
}) {
  const { pool, viewer } = data;
  const navigate = useNavigate();
  // ?entry=<id> (the picks due's links) opens the pool with that entry of the viewer's active.
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('entry'));
  const { activeEntry, setActiveEntry } = useActiveEntry(
    pool.id,
    viewer.entries,
    Number.isInteger(linked) && linked > 0 ? linked : null,
  );
  const chooseEntry = (entryId: number) => {
    setActiveEntry(entryId);
    if (params.has('entry')) {
      setParams(
        (next) => {
          next.delete('entry');
          return next;
        },
        { replace: true },
      );
    }
  };
  useLiveUpdates(pool.id);
  const visible = TABS.filter((t) => !t.adminOnly || viewer.is_league_admin);
  const requested = (tab || 'home').toLowerCase() as TabKey;
  const active = visible.some((t) => t.key === requested) ? requested : 'home';
  // Asked for the Commish tools without being a commissioner: say so rather than silently show Home.
  const commishRefused = requested === 'commishtools' && active !== requested;
  const base = poolPath(pool);
  useEffect(() => {
    document.title = `${pool.name} ${pool.season} · ALA Survivor`;
  }, [pool.name, pool.season]);
  return (
    <Stack gap="md">
      <PoolBanner pool={pool} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <PoolNotice pool={pool} />
        {viewer.entries.length > 1 && (
          <Suspense fallback={null}>
            <ActiveEntrySelect entries={viewer.entries} activeEntry={activeEntry} onChange={chooseEntry} />
          </Suspense>
        )}
      </Group>
      {commishRefused && (
        <Alert color="orange" variant="light" role="alert" title="Commish tools are for commissioners">
          {viewer.signed_in
            ? `Only the ${pool.league_name} league's commissioners can use this pool's Commish tools. Here is the pool's Home.`
            : "Log in as one of this league's commissioners to use this pool's Commish tools. Here is the pool's Home."}
        </Alert>
      )}
      <Tabs
        value={active}
        onChange={(value) => navigate(value === 'home' ? base : `${base}/${value}`)}
        keepMounted={false}
        color={GAME_COLORS[pool.game]}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {visible.map((t) => (
            <Tabs.Tab key={t.key} value={t.key} fw={700} px={{ base: 'xs', sm: 'md' }}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={active} pt="md">
          <Suspense fallback={<Loader m="xl" aria-label="Loading tab" />}>
            {active === 'home' && (
              <PoolHome data={data} address={address} activeEntry={activeEntry} onLogin={onLogin} />
            )}
            {active === 'howtoplay' && <HowToPlay pool={pool} />}
            {active === 'makepicks' && (
              <MakePicksTab pool={pool} viewer={viewer} activeEntry={activeEntry} onLogin={onLogin} />
            )}
            {active === 'scoreboard' && (
              <ScoreboardTab pool={pool} viewer={viewer} activeEntry={activeEntry} />
            )}
            {active === 'standings' && <StandingsTab pool={pool} viewer={viewer} activeEntry={activeEntry} />}
            {active === 'bonuses' && <BonusesTab pool={pool} viewer={viewer} activeEntry={activeEntry} />}
            {active === 'finances' && <FinancesTab pool={pool} viewer={viewer} activeEntry={activeEntry} />}
            {active === 'commishtools' && <CommishToolsTab pool={pool} viewer={viewer} tool={subTab} />}
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
