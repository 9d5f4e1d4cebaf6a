import { Card } from '@mantine/core';
import { useParams } from 'react-router';
import { Page } from '../components/page';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  return (
    <Page title="Reset your password" size="sm">
      <Card withBorder padding="lg">
        <ResetPasswordForm token={token} />
      </Card>
    </Page>
  );
}
