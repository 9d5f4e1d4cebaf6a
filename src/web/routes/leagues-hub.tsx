import { Button, Stack, Text } from '@mantine/core';
import { lazy } from 'react';
import { useParams } from 'react-router';
import { loadBoundary } from '../components/load-state';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import { AllPools, parsePoolFilters } from '../features/leagues/components/all-pools';
import { CreateLeagueForm } from '../features/leagues/components/create-league-form';
import { FindLeague } from '../features/leagues/components/find-league';
import { type HubTab, HubTabs } from '../features/leagues/components/hub-tabs';

// The Create a Pool form (every pool setting) loads only when its tab is shown: it would put the page
// over its JavaScript budget.
const CreatePool = lazy(() =>
  import('../features/pool-creation/components/create-pool').then((module) => ({
    default: module.CreatePool,
  })),
);

const TITLES: Record<HubTab, string> = {
  pools: 'All Pools',
  leagues: 'Find a League',
  createpool: 'Create a Pool',
  create: 'Create a League',
};

/** The pools and leagues hub; the route decides the tab. */
export default function LeaguesHubPage({ tab }: { tab: HubTab }) {
  const params = useParams();
  const { user, isLoading } = useCurrentUser();
  const { openLogin } = useLoginModal();
  const filters = parsePoolFilters(params.game, params.scope);
  return (
    <Page title={TITLES[tab]} size="xl">
      <HubTabs active={tab}>
        {tab === 'pools' && !isLoading && (
          <AllPools game={filters.game} scope={filters.scope} loggedIn={Boolean(user)} />
        )}
        {tab === 'leagues' && <FindLeague loggedIn={Boolean(user)} onLogin={() => openLogin()} />}
        {tab === 'createpool' &&
          !isLoading &&
          loadBoundary({
            loading: 'Loading the form',
            failed: 'Could not show the form',
            children: (
              <CreatePool
                game={params.game}
                loggedIn={Boolean(user)}
                onLogin={() => openLogin()}
                renderCreateLeague={(onCreated) => <CreateLeagueForm onCreated={onCreated} />}
              />
            ),
          })}
        {tab === 'create' &&
          (isLoading ? null : user ? (
            <CreateLeagueForm />
          ) : (
            <CreateLeagueLoggedOut onLogin={() => openLogin()} />
          ))}
      </HubTabs>
    </Page>
  );
}

function CreateLeagueLoggedOut({ onLogin }: { onLogin: () => void }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text>You must be logged in to create a league.</Text>
      <Button onClick={onLogin}>LOG IN</Button>
    </Stack>
  );
}
