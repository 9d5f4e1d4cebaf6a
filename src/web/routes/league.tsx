import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import { LeaguePage } from '../features/leagues/components/league-page';
import { CreatePool } from '../features/pool-creation/components/create-pool';

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
        createPool={<CreatePool leagueAbb={abb} loggedIn={Boolean(user)} onLogin={() => openLogin()} />}
      />
    </Container>
  );
}
