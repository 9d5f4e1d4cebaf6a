import { Container, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import { LeaguePage } from '../features/leagues/components/league-page';

// The Create a Pool form (every pool setting) loads only when its tab is shown: it would put the page
// over its JavaScript budget.
const CreatePool = lazy(() =>
  import('../features/pool-creation/components/create-pool').then((module) => ({
    default: module.CreatePool,
  })),
);

/** /league/{abb}/{tab?} */
export default function LeagueRoutePage() {
  const { abb = '', '*': rest = '' } = useParams();
  const { openLogin } = useLoginModal();
  const { user } = useCurrentUser();
  return (
    <Container size="xl" px={0}>
      <LeaguePage
        abb={abb}
        tab={rest.split('/')[0]}
        onLogin={() => openLogin()}
        createPool={
          <Suspense fallback={<Loader m="xl" aria-label="Loading" />}>
            <CreatePool leagueAbb={abb} loggedIn={Boolean(user)} onLogin={() => openLogin()} />
          </Suspense>
        }
      />
    </Container>
  );
}
