import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { useLoginModal } from '../features/auth/components/login-modal';
import { LeaguePage } from '../features/leagues/components/league-page';

/** /league/{abb}/{tab?} */
export default function LeagueRoutePage() {
  const { abb = '', '*': rest = '' } = useParams();
  const { openLogin } = useLoginModal();
  return (
    <Container size="xl" px={0}>
      <LeaguePage abb={abb} tab={rest.split('/')[0]} onLogin={() => openLogin()} />
    </Container>
  );
}
