import { Alert, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { LeagueView } from '../../../../core/contracts/leagues';
import { errorMessage } from '../../../lib/api';
import { useLeague } from '../api/leagues';
import { CommishTools } from './commish-tools';
import { LeagueBanner } from './league-banner';
import { LeagueGateView } from './league-gate';
import { LeagueHome } from './league-home';
import { LeagueMembers } from './league-members';
import { LEAGUE_NOT_FOUND_PATH } from './league-paths';
import { LeagueSettings } from './league-settings';

export { LEAGUE_NOT_FOUND_PATH };

type TabKey = 'home' | 'createpool' | 'members' | 'rankings' | 'settings' | 'commishtools';

const TABS: { key: TabKey; label: string; show: (view: LeagueView) => boolean }[] = [
  { key: 'home', label: 'League Home', show: () => true },
  { key: 'createpool', label: 'Create Pool', show: () => true },
  { key: 'members', label: 'Members', show: () => true },
  { key: 'rankings', label: 'Rankings', show: () => true },
  { key: 'settings', label: 'Settings', show: (view) => view.viewer.isMember },
  { key: 'commishtools', label: 'Commish Tools', show: (view) => view.viewer.isAdmin },
];

/** The league page: loads by abbreviation, sends unknown leagues away, gates hidden ones, then shows its tabs. */
export function LeaguePage({
  abb,
  tab,
  onLogin,
  createPool,
}: {
  abb: string;
  tab: string;
  onLogin: () => void;
  /** The Create Pool tab's content, composed in by the route (features do not import each other). */
  createPool?: ReactNode;
}) {
  const league = useLeague({ by: 'abb', value: abb });
  const name = league.data && (league.data.gate ? league.data.name : league.data.league.name);
  useEffect(() => {
    if (name) document.title = `${name} · ALA Survivor`;
  }, [name]);

  if (league.isLoading) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-label="loading league" />
          <Text c="dark.4">loading league</Text>
        </Stack>
      </Center>
    );
  }
  if (league.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load this league">
        {errorMessage(league.error)}
      </Alert>
    );
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
  tab: string;
  onLogin: () => void;
  createPool?: ReactNode;
}) {
  const navigate = useNavigate();
  const { league } = view;
  const visible = TABS.filter((t) => t.show(view));
  const requested = (tab || 'home') as TabKey;
  const active = visible.some((t) => t.key === requested) ? requested : 'home';
  // Asked for the Commish Tools without being a commissioner: say so rather than silently show Home.
  const commishRefused = requested === 'commishtools' && active !== requested;
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
        value={active}
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
        <Tabs.Panel value={active} pt="md">
          {active === 'home' && <LeagueHome view={view} onLogin={onLogin} />}
          {active === 'createpool' && createPool}
          {active === 'members' && <LeagueMembers view={view} />}
          {active === 'rankings' && <Text>Coming Soon - This page is under construction.</Text>}
          {active === 'settings' && <LeagueSettings view={view} />}
          {active === 'commishtools' && <CommishTools view={view} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
