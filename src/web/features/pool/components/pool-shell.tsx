import { Alert, Group, Stack, Tabs } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoadPoolResponse } from '../../../../core/contracts/pools';
import { loadBoundary } from '../../../components/load-state';
import type { PoolAddress } from '../../../lib/query-keys';
import { GAME_COLORS } from '../../../theme';
import { useActiveEntry } from '../hooks/use-active-entry';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { PoolBanner, PoolNotice } from './pool-banner';
import { poolPath } from './pool-labels';
import type { PoolTab } from './pool-tabs';

// The Active Entry choice (and the combobox code it brings) shows only for several entries.
const ActiveEntrySelect = lazy(() =>
  import('./active-entry-select').then((module) => ({ default: module.ActiveEntrySelect })),
);
// Only a decided pool says who won: a pool in play does not load the notice.
const PoolEndedNotice = lazy(() =>
  import('./pool-ended').then((module) => ({ default: module.PoolEndedNotice })),
);

/**
 * The pool page: banner, whose pool it is, the Active Entry choice and the tabs at the pool's sub-paths. The
 * route (routes/pool.tsx) gives the tabs (the first is Home) and says which is open; the Commish tools route
 * their tools beneath theirs.
 */
export function PoolShell({
  data,
  address,
  tabs,
  tab,
  onLogin,
}: {
  data: LoadPoolResponse;
  address: PoolAddress;
  tabs: readonly PoolTab[];
  tab: string;
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
  const visible = tabs.filter((t) => !t.adminOnly || viewer.is_league_admin);
  const active = visible.find((t) => t.key === tab) ?? tabs[0];
  // Asked for the Commish tools without being a commissioner: say so rather than silently show Home.
  const commishRefused = tab === 'commishtools' && active.key !== tab;
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
      {(pool.state === 'concluded' || (pool.ended && !pool.ended.crowned_at)) && (
        <Suspense fallback={null}>
          <PoolEndedNotice pool={pool} />
        </Suspense>
      )}
      {commishRefused && (
        <Alert color="orange" variant="light" role="alert" title="Commish tools are for commissioners">
          {viewer.signed_in
            ? `Only the ${pool.league_name} league's commissioners can use this pool's Commish tools. Here is the pool's Home.`
            : "Log in as one of this league's commissioners to use this pool's Commish tools. Here is the pool's Home."}
        </Alert>
      )}
      <Tabs
        value={active.key}
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
        <Tabs.Panel value={active.key} pt="md">
          {loadBoundary({
            key: active.key,
            loading: 'Loading tab',
            failed: 'Could not show this tab',
            children: active.render({ data, address, activeEntry, onLogin }),
          })}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
