import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api';
import { useAcceptInvite, useLeague } from '../api/leagues';
import { LeagueBanner } from './league-banner';
import { LEAGUE_NOT_FOUND_PATH } from './league-paths';

/** The invite route: who invites you and a way in; members go straight to the league. */
export function LeagueInvite({
  code,
  loggedIn,
  onLogin,
  registerHref,
}: {
  code: string;
  loggedIn: boolean;
  onLogin: (inviteCode: string) => void;
  /** The registration page that keeps this invitation. */
  registerHref: string;
}) {
  const navigate = useNavigate();
  const league = useLeague({ by: 'invite', value: code });
  const accept = useAcceptInvite();
  if (league.isLoading || league.isError) {
    return <QueryState query={league} loading="loading league" failed="Could not load this league" />;
  }
  if (!league.data) return <Navigate to={LEAGUE_NOT_FOUND_PATH} replace />;
  if (league.data.gate) return <Navigate to={`/league/${league.data.abb}`} replace />;
  const view = league.data;
  if (view.viewer.isMember && !accept.isPending && !accept.isSuccess) {
    return <Navigate to={`/league/${view.league.abb}`} replace />;
  }
  return (
    <Stack gap="md">
      <LeagueBanner name={view.league.name} logo={view.league.logo} abb={view.league.abb} />
      <Card withBorder padding="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="xl">
            You have been invited to join {view.league.name}!
          </Title>
          <Text>{view.league.desc}</Text>
          {loggedIn ? (
            <Button
              size="md"
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(
                  { invite_code: code, league_id: view.league.id },
                  { onSuccess: (answer) => navigate(`/league/${answer.leagueMember.league_abb}`) },
                )
              }
            >
              CLICK HERE to join
            </Button>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text>
                Log in, or create an account, to accept this invitation. A new account joins the league as
                soon as you confirm your e-mail address.
              </Text>
              <Group gap="sm">
                <Button onClick={() => onLogin(code)}>LOG IN</Button>
                <Button component={Link} to={registerHref} color="yellow.5" c="dark.9">
                  CREATE ACCOUNT
                </Button>
              </Group>
            </Stack>
          )}
          {accept.isError && (
            <Text c="red.8" size="sm" role="alert">
              {errorMessage(accept.error)}
            </Text>
          )}
          <Text>
            Commissioner: <b>{view.league.founder ?? '—'}</b>
          </Text>
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={3} fz="md" mb="xs">
          Members ({view.members.length})
        </Title>
        <Group gap="md">
          {view.members.map((member) => (
            <Group key={member.id} gap={6} wrap="nowrap">
              <Avatar src={member.photo_url} alt="" size="sm" radius="xl" color="navy">
                <IconUser size={14} aria-hidden />
              </Avatar>
              <Text size="sm">{member.username}</Text>
            </Group>
          ))}
        </Group>
      </Card>
    </Stack>
  );
}
