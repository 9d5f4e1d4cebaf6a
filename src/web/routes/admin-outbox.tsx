import { Alert, Card, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Page } from '../components/page';
import { apiFetch, errorMessage } from '../lib/api';
import { formatDate } from '../lib/format';

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: string;
}

/** Site admins read the mail the site would have sent when no SMTP server is configured. */
export default function AdminOutboxPage() {
  const mails = useQuery({
    queryKey: ['outbox'],
    queryFn: () => apiFetch<OutboxMail[]>('/admin/outbox'),
    retry: false,
  });
  return (
    <Page title="Mail Outbox" subtitle="Messages kept by the site when no SMTP server is configured.">
      {mails.isLoading && <Loader aria-label="Loading" />}
      {mails.isError && (
        <Alert color="red" role="alert">
          {errorMessage(mails.error)}
        </Alert>
      )}
      {mails.data?.length === 0 && <Text c="dimmed">The outbox is empty.</Text>}
      <Stack>
        {mails.data?.map((mail) => (
          <Card key={mail.id} withBorder>
            <Text fw={700}>{mail.subject}</Text>
            <Text size="sm" c="dimmed">
              To {mail.to} · {formatDate(mail.createdAt, 'M/D/YY, h:mm A')} · {mail.status}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt="xs">
              {mail.text}
            </Text>
          </Card>
        ))}
      </Stack>
    </Page>
  );
}
