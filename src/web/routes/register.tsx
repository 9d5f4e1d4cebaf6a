import { Card, Text } from '@mantine/core';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/session';
import { RegisterForm } from '../features/auth/components/register-form';

export default function RegisterPage() {
  const { user } = useCurrentUser();
  return (
    <Page title="Create your account" size="sm">
      <Card withBorder padding="lg">
        {user ? <Text>You are already logged in!</Text> : <RegisterForm />}
      </Card>
    </Page>
  );
}
