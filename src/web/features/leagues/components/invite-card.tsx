import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LEAGUE_MESSAGES, type LeagueView } from '../../../../core/contracts/leagues';
import { isEmail, useInviteByEmail } from '../api/leagues';

const FEEDBACK_MS = 4000;
const INVALID_MS = 5000;

type Feedback = { kind: 'sent' | 'error' | 'invalid'; text: string } | null;

/** Members see the invite link and can mail it; others are told the feature is hidden. */
export function InviteCard({ view }: { view: LeagueView }) {
  const invite = useInviteByEmail();
  const [email, setEmail] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback(null), feedback.kind === 'invalid' ? INVALID_MS : FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  if (!view.viewer.isMember || !view.invite_url) {
    return (
      <Card withBorder padding="md">
        <Title order={2} fz="md" mb="xs">
          Invite Friends
        </Title>
        <Text size="sm" c="dark.4">
          {LEAGUE_MESSAGES.featureHidden}
        </Text>
      </Card>
    );
  }
  const inviteUrl = view.invite_url;
  const send = () => {
    if (!isEmail(email)) {
      setFeedback({ kind: 'invalid', text: LEAGUE_MESSAGES.invalidEmail });
      return;
    }
    invite.mutate(
      { leagueId: view.league.id, email: email.trim() },
      {
        onSuccess: () => {
          setFeedback({ kind: 'sent', text: LEAGUE_MESSAGES.inviteSent });
          setEmail('');
        },
        onError: () => setFeedback({ kind: 'error', text: LEAGUE_MESSAGES.inviteError }),
      },
    );
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={2} fz="md">
          Invite Friends
        </Title>
        <Text size="sm">Share this link; anyone who opens it can join the league.</Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Invite link"
            value={inviteUrl}
            readOnly
            style={{ flex: 1, minWidth: 0 }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={inviteUrl}>
            {({ copied, copy }) => (
              <Button color={copied ? 'green.8' : undefined} onClick={copy} w={90}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Invite by email"
              type="email"
              placeholder="friend@example.com"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit" loading={invite.isPending} disabled={feedback !== null} w={90}>
              INVITE
            </Button>
          </Group>
        </form>
        {feedback && (
          <Text
            size="sm"
            fw={700}
            c={feedback.kind === 'sent' ? 'green.9' : 'red.8'}
            role={feedback.kind === 'sent' ? 'status' : 'alert'}
          >
            {feedback.text}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
