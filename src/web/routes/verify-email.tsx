import { Card } from '@mantine/core';
import { useParams } from 'react-router';
import { Page } from '../components/page';
import { VerifyEmail } from '../features/auth/components/verify-email';

export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  return (
    <Page title="Confirm your e-mail address" size="sm">
      <Card withBorder padding="lg">
        <VerifyEmail token={token} />
      </Card>
    </Page>
  );
}
