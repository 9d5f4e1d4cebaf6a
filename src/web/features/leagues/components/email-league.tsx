import '@mantine/tiptap/styles.css';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { EmailUsersRequestSchema, LEAGUE_MESSAGES } from '../../../../core/contracts/leagues';
import { notify } from '../../../lib/notify';
import { serverMessageOr, useEmailUsers } from '../api/leagues';

const MESSAGE_MS = 3000;

/** A control whose visible text is its name (the spec's toolbar reads BOLD, ITALIC, ...). */
const textIcon = (text: string) =>
  function TextIcon({ style }: { style: React.CSSProperties }) {
    return (
      <span
        style={{ ...style, width: 'auto', height: 'auto', fontSize: 12, fontWeight: 700, padding: '0 6px' }}
      >
        {text}
      </span>
    );
  };
const BoldText = textIcon('BOLD');
const ItalicText = textIcon('ITALIC');
const UnderlineText = textIcon('UNDERLINE');
const LinkText = textIcon('ADD LINK');
const UnlinkText = textIcon('REMOVE LINK');

/** Commissioner: a rich-text e-mail to every member of the league. */
export default function EmailLeague({ leagueId }: { leagueId: number }) {
  const send = useEmailUsers();
  const [subject, setSubject] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: '',
    editorProps: { attributes: { 'aria-label': 'Email body' } },
  });
  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => setProblem(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  const submit = () => {
    const html = editor?.isEmpty ? '' : (editor?.getHTML() ?? '');
    if (!subject.trim()) return setProblem(LEAGUE_MESSAGES.emailSubject);
    if (!html) return setProblem(LEAGUE_MESSAGES.emailBody);
    const body = { subject, html, umbrella: 'league' as const, umbrellaId: leagueId };
    const parsed = EmailUsersRequestSchema.safeParse(body);
    if (!parsed.success) return setProblem(parsed.error.issues[0].message);
    send.mutate(body, {
      onSuccess: () => {
        notify({ title: LEAGUE_MESSAGES.emailSentTitle, message: LEAGUE_MESSAGES.emailSentBody });
        setSubject('');
        editor?.commands.clearContent();
      },
      onError: (error) =>
        notify({
          title: LEAGUE_MESSAGES.emailFailedTitle,
          message: LEAGUE_MESSAGES.emailFailedBody(serverMessageOr(error, 'unknown error')),
          color: 'red',
        }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack maw={760}>
        <TextInput
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
        />
        <RichTextEditor
          editor={editor}
          labels={{
            boldControlLabel: 'BOLD',
            italicControlLabel: 'ITALIC',
            underlineControlLabel: 'UNDERLINE',
            linkControlLabel: 'ADD LINK',
            unlinkControlLabel: 'REMOVE LINK',
          }}
        >
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold icon={BoldText} w="auto" />
              <RichTextEditor.Italic icon={ItalicText} w="auto" />
              <RichTextEditor.Underline icon={UnderlineText} w="auto" />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link icon={LinkText} w="auto" />
              <RichTextEditor.Unlink icon={UnlinkText} w="auto" />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={180} />
        </RichTextEditor>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
