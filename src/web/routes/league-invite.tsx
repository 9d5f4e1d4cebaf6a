import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { registerPath, useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import { LeagueInvite } from '../features/leagues/components/league-invite';

/** /invite/league/{code} */
export default function LeagueInvitePage() {
  const { code = '' } = useParams();
  const { user, isLoading } = useCurrentUser();
  const { openLogin } = useLoginModal();
  useEffect(() => {
    document.title = 'League invitation · ALA Survivor';
  }, []);
  return (
    <Container size="lg" px={0}>
      {!isLoading && (
        <LeagueInvite
          code={code}
          loggedIn={Boolean(user)}
          onLogin={(inviteCode) => openLogin({ inviteCode })}
          registerHref={registerPath(code)}
        />
      )}
    </Container>
  );
}
