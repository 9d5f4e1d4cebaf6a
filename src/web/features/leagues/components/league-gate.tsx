import { Alert, Anchor, Button, Card, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LEAGUE_MESSAGES, type LeagueGate } from '../../../../core/contracts/leagues';
import { errorMessage } from '../../../lib/api';
import { useRequestAccess } from '../api/leagues';
import { LeagueBanner } from './league-banner';

/** A hidden league seen from outside: who runs it and how to ask in; nothing else. */
export function LeagueGateView({ gate, onLogin }: { gate: LeagueGate; onLogin: () => void }) {
  const request = useRequestAccess();
  return (
    <Stack gap="md">
      <LeagueBanner name={gate.name} logo={null} abb={gate.abb} />
      <Card withBorder padding="lg" maw={640}>
        <Stack gap="sm">
          <Text fw={700} size="lg">
            <IconLock size={18} aria-hidden style={{ verticalAlign: '-3px', marginRight: 6 }} />
            {LEAGUE_MESSAGES.privateLeague}
          </Text>
          {gate.commissioner && (
            <Text>
              Commissioner: <b>{gate.commissioner}</b>
            </Text>
          )}
          {!gate.loggedIn ? (
            <Stack gap="xs" align="flex-start">
              <Text>Log in to request access to this league.</Text>
              <Button onClick={onLogin}>LOG IN</Button>
            </Stack>
          ) : request.isSuccess ? (
            <Alert color="green" role="status">
              {LEAGUE_MESSAGES.requestSent}
            </Alert>
          ) : gate.requestStatus !== null ? (
            <Text>
              You have already requested access to this league. Check the{' '}
              <Anchor component={Link} to="/profile" underline="always">
                User Profile page
              </Anchor>{' '}
              for your request's status.
            </Text>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Button
                loading={request.isPending}
                onClick={() =>
                  request.mutate({ league_id: gate.league_id, abb: gate.abb, source: 'blocked' })
                }
              >
                Request Access
              </Button>
              {request.isError && (
                <Text c="red.8" size="sm" role="alert">
                  {errorMessage(request.error)}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
