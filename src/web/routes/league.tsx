import { Container } from '@mantine/core';
import { lazy } from 'react';
import { useParams, useRoutes } from 'react-router';
import { useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import { LeaguePage } from '../features/leagues/components/league-page';
import { LEAGUE_TABS, type LeagueTabKey } from '../features/leagues/components/league-tabs';

// The Create a Pool form (every pool setting) loads only when its tab is shown: it would put the page
// over its JavaScript budget.
const CreatePool = lazy(() =>
  import('../features/pool-creation/components/create-pool').then((module) => ({
    default: module.CreatePool,
  })),
);

/**
 * /league/{abb}/{tab?}: the league page. The tabs are nested routes (Home also at the league's own address;
 * an unknown tab shows Home).
 */
export default function LeagueRoutePage() {
  const { abb = '' } = useParams();
  const view = (tab: LeagueTabKey) => <LeagueView abb={abb} tab={tab} />;
  return useRoutes([
    { index: true, element: view('home') },
    ...LEAGUE_TABS.map(({ key }) => ({ path: `${key}/*`, element: view(key) })),
    { path: '*', element: view('home') },
  ]);
}

function LeagueView({ abb, tab }: { abb: string; tab: LeagueTabKey }) {
  const { openLogin } = useLoginModal();
  const { user } = useCurrentUser();
  return (
    <Container size="xl" px={0}>
      <LeaguePage
        abb={abb}
        tab={tab}
        onLogin={() => openLogin()}
        createPool={<CreatePool leagueAbb={abb} loggedIn={Boolean(user)} onLogin={() => openLogin()} />}
      />
    </Container>
  );
}
