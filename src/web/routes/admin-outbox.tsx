import { Alert, Anchor, Card, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { OutboxPageSchema } from '../../core/contracts/admin';
import { Page } from '../components/page';
import { apiFetch, errorMessage, queryString } from '../lib/api';
import { formatDate } from '../lib/format';
import { splitLinks } from '../lib/links';
import { adminKeys } from '../lib/query-keys';

/** The mail body as text, its http(s) links clickable; never rendered as HTML. */
function MailText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} mt="xs">
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer" underline="always">
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}

/**
 * Site admins read the mail the site would have sent when no SMTP server is configured: a page at a
 * time, newest first, searchable by recipient, subject or text (page and search live in the URL).
 */
export default function AdminOutboxPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const [query] = useDebouncedValue(search.trim(), 300);
  const mails = useQuery({
    queryKey: adminKeys.outbox(page, query),
    queryFn: () =>
      apiFetch(`/admin/outbox${queryString({ page, q: query })}`, {
        schema: OutboxPageSchema,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const pages = mails.data ? Math.max(1, Math.ceil(mails.data.total / mails.data.pageSize)) : 1;
  const update = (next: { page?: number; q?: string }) => {
    const values = { page: String(next.page ?? page), q: next.q ?? search };
    setParams(
      Object.fromEntries(
        Object.entries(values).filter(([key, value]) => value && !(key === 'page' && value === '1')),
      ),
      { replace: true },
    );
  };
  return (
    <Page title="Mail Outbox" subtitle="Messages kept by the site when no SMTP server is configured.">
      <Stack>
        <TextInput
          label="Search the outbox"
          placeholder="Recipient, subject or text"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => update({ q: event.currentTarget.value, page: 1 })}
          maw={420}
        />
        {mails.isLoading && <Loader aria-label="Loading" />}
        {mails.isError && (
          <Alert color="red" role="alert">
            {errorMessage(mails.error)}
          </Alert>
        )}
        {mails.data && (
          <Text size="sm" c="dimmed" role="status">
            {mails.data.total === 0
              ? query
                ? 'No mail matches the search.'
                : 'The outbox is empty.'
              : `${mails.data.total} ${mails.data.total === 1 ? 'message' : 'messages'}${query ? ' match' : ''} · page ${mails.data.page} of ${pages}`}
          </Text>
        )}
        {mails.data?.mails.map((mail) => (
          <Card key={mail.id} withBorder>
            <Text fw={700}>{mail.subject}</Text>
            <Text size="sm" c="dimmed">
              To {mail.to} · {formatDate(mail.createdAt, 'M/D/YY, h:mm A')} · {mail.status}
              {mail.error ? ` · ${mail.error}` : ''}
            </Text>
            <MailText text={mail.text} />
          </Card>
        ))}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => update({ page: next })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
              })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        )}
      </Stack>
    </Page>
  );
}
