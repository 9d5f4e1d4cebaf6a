import { Alert, Stack, Tabs } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { LeagueView } from '../../../../core/contracts/leagues';
import { loadBoundary } from '../../../components/load-state';
import { QueryState } from '../../../components/query-state';
import { useLeague } from '../api/leagues';
import { LeagueBanner } from './league-banner';
import { LeagueGateView } from './league-gate';
import { LEAGUE_NOT_FOUND_PATH } from './league-paths';
import { LEAGUE_TABS, type LeagueTabKey } from './league-tabs';

export { LEAGUE_NOT_FOUND_PATH };

/**
 * The league page: loads by abbreviation, sends unknown leagues away, gates hidden ones, then shows its tabs.
 * The route (routes/league.tsx) says which tab is open.
 */
export function LeaguePage({
  abb,
  tab,
  onLogin,
  createPool,
}: {
  abb: string;
  tab: LeagueTabKey;
  onLogin: () => void;
  /** The Create Pool tab's content, composed in by the route (features do not import each other). */
  createPool?: ReactNode;
}) {
  const league = useLeague({ by: 'abb', value: abb });
  const name = league.data && (league.data.gate ? league.data.name : league.data.league.name);
  useEffect(() => {
    if (name) document.title = `${name} · ALA Survivor`;
  }, [name]);

  if (league.isLoading || league.isError) {
    return <QueryState query={league} loading="loading league" failed="Could not load this league" />;
  }
  if (!league.data) return <Navigate to={LEAGUE_NOT_FOUND_PATH} replace />;
  if (league.data.gate) return <LeagueGateView gate={league.data} onLogin={onLogin} />;
  return <LeagueTabs view={league.data} tab={tab} onLogin={onLogin} createPool={createPool} />;
}

function LeagueTabs({
  view,
  tab,
  onLogin,
  createPool,
}: {
  view: LeagueView;
  tab: LeagueTabKey;
  onLogin: () => void;
  createPool?: ReactNode;
}) {
  const navigate = useNavigate();
  const { league } = view;
  const visible = LEAGUE_TABS.filter((t) => t.show(view));
  const active = visible.find((t) => t.key === tab) ?? LEAGUE_TABS[0];
  // Asked for the Commish Tools without being a commissioner: say so rather than silently show Home.
  const commishRefused = tab === 'commishtools' && active.key !== tab;
  const base = `/league/${league.abb}`;
  return (
    <Stack gap="md">
      <LeagueBanner name={league.name} logo={league.logo} abb={league.abb} />
      {commishRefused && (
        <Alert color="orange" variant="light" role="alert" title="Commish Tools are for commissioners">
          {view.viewer.loggedIn
            ? `Only the ${league.name} league's commissioners can use its Commish Tools. Here is the League Home.`
            : "Log in as one of this league's commissioners to use its Commish Tools. Here is the League Home."}
        </Alert>
      )}
      <Tabs
        value={active.key}
        onChange={(value) => navigate(value === 'home' ? base : `${base}/${value}`)}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {visible.map((t) => (
            <Tabs.Tab key={t.key} value={t.key} fw={700}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={active.key} pt="md">
          {loadBoundary({
            key: active.key,
            loading: 'Loading tab',
            failed: 'Could not show this tab',
            children: active.render({ view, onLogin, createPool }),
          })}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
