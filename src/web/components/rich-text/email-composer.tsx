import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { EmailUsersRequestSchema, LEAGUE_MESSAGES } from '../../../core/contracts/leagues';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { RichTextArea, richTextHtml, useRichTextEditor } from './rich-text-editor';

const MESSAGE_MS = 3000;
const ContentSchema = EmailUsersRequestSchema.pick({ subject: true, html: true });

/** The server's message, or 'unknown error' when the server sent none (or could not be reached). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && !error.message.startsWith('Request failed (')) {
    return error.message;
  }
  return 'unknown error';
}

/**
 * An e-mail form (Email League, Email Pool): subject, rich-text body and Submit. A missing subject or body is
 * said for 3 seconds; success and failure are toasts, and a sent form is cleared. `send` posts the e-mail.
 */
export function EmailComposer({
  send,
}: {
  send: (content: { subject: string; html: string }) => Promise<unknown>;
}) {
  const [subject, setSubject] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const editor = useRichTextEditor('Email body');
  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => setProblem(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  const submit = async () => {
    const html = richTextHtml(editor);
    if (!subject.trim()) return setProblem(LEAGUE_MESSAGES.emailSubject);
    if (!html) return setProblem(LEAGUE_MESSAGES.emailBody);
    const parsed = ContentSchema.safeParse({ subject, html });
    if (!parsed.success) return setProblem(parsed.error.issues[0].message);
    setPending(true);
    try {
      await send({ subject, html });
      notify({ title: LEAGUE_MESSAGES.emailSentTitle, message: LEAGUE_MESSAGES.emailSentBody });
      setSubject('');
      editor?.commands.clearContent();
    } catch (error) {
      notify({
        title: LEAGUE_MESSAGES.emailFailedTitle,
        message: LEAGUE_MESSAGES.emailFailedBody(failureText(error)),
        color: 'red',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack maw={760}>
        <TextInput
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
        />
        <RichTextArea editor={editor} />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
