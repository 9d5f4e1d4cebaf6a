import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { LEAGUE_MESSAGES, type LeagueView, REQUEST_STATUS } from '../../../../core/contracts/leagues';
import { errorMessage } from '../../../lib/api';
import { useJoinLeague, useRequestAccess } from '../api/leagues';

/** Members are told so; everyone else gets the way in that suits the league. */
export function JoinCard({ view, onLogin }: { view: LeagueView; onLogin: () => void }) {
  const join = useJoinLeague();
  const request = useRequestAccess();
  const { league, viewer } = view;
  if (viewer.isMember) {
    return (
      <Card withBorder padding="md">
        <Text fw={700} c="green.9">
          <IconCircleCheck size={18} aria-hidden style={{ verticalAlign: '-4px', marginRight: 6 }} />
          {LEAGUE_MESSAGES.youAreMember}
        </Text>
      </Card>
    );
  }
  const failure = join.error ?? request.error;
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={2} fz="md">
          Join League
        </Title>
        {!viewer.loggedIn ? (
          <>
            <Text size="sm">Log in or create an account to join this league.</Text>
            <Button onClick={onLogin}>LOG IN</Button>
          </>
        ) : league.joinable ? (
          <Button
            loading={join.isPending}
            onClick={() => join.mutate({ league_id: league.id, source: 'home' })}
          >
            JOIN THIS LEAGUE
          </Button>
        ) : request.isSuccess ? (
          <Alert color="green" role="status">
            {LEAGUE_MESSAGES.requestSent}
          </Alert>
        ) : viewer.requestStatus === REQUEST_STATUS.pending ? (
          <Text size="sm">Your request to join is pending commissioner approval.</Text>
        ) : viewer.requestStatus !== null ? (
          <Text size="sm">{LEAGUE_MESSAGES.requestRejected}</Text>
        ) : (
          <>
            <Text size="sm">This is a private league: its commissioner approves new members.</Text>
            <Button
              loading={request.isPending}
              onClick={() => request.mutate({ league_id: league.id, abb: league.abb, source: 'home' })}
            >
              REQUEST TO JOIN
            </Button>
          </>
        )}
        {failure && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(failure)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
