import { Alert, Card, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/session';
import { RegisterForm } from '../features/auth/components/register-form';

export default function RegisterPage() {
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const inviteCode = params.get('invite');
  return (
    <Page title="Create your account" size="sm">
      {inviteCode && !user && (
        <Alert color="blue" mb="md" title="You were invited to a league">
          Once you confirm your address with the link we e-mail you, you join the league you were invited to.
        </Alert>
      )}
      <Card withBorder padding="lg">
        {user ? <Text>You are already logged in!</Text> : <RegisterForm inviteCode={inviteCode} />}
      </Card>
    </Page>
  );
}
