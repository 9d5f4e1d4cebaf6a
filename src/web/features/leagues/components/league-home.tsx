import { Anchor, Avatar, Card, Grid, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconTrophy, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LeagueView } from '../../../../core/contracts/leagues';
import { formatDate, formatDollars } from '../../../lib/format';
import { InviteCard } from './invite-card';
import { JoinCard } from './join-card';
import { leagueHomeIntro } from './league-home-intro';
import { LeaguePoolsTable } from './league-pools-table';
import { TrophyCase } from './trophy-case';

/** League Home: members, details, pools, joining, inviting and trophies. */
export function LeagueHome({ view, onLogin }: { view: LeagueView; onLogin: () => void }) {
  return (
    <Stack gap="md">
      <Text>{leagueHomeIntro(view.viewer)}</Text>
      {/* On a phone the way in (join, invite) comes before the member list. */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 3, md: 1 }}>
          <MembersCard view={view} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <DetailsCard view={view} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 2, md: 3 }}>
          <Stack gap="md">
            <JoinCard view={view} onLogin={onLogin} />
            <InviteCard view={view} />
          </Stack>
        </Grid.Col>
      </Grid>
      <LeaguePoolsTable view={view} />
      <TrophyCase trophies={view.trophies} />
    </Stack>
  );
}

/** The first page of the members (the server sorts them by prizes won) and the viewer, then a link to all. */
function MembersCard({ view }: { view: LeagueView }) {
  const mine = view.my_member;
  const members =
    mine && !view.members.some((member) => member.id === mine.id) ? [...view.members, mine] : view.members;
  const more = view.member_page.total - view.members.length;
  return (
    <Card withBorder padding="md" h="100%">
      <Title order={2} fz="md" mb="xs">
        Members
      </Title>
      <Stack gap={6}>
        {members.map((member) => (
          <Group key={member.id} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar src={member.photo_url} alt="" size="sm" radius="xl" color="navy">
                <IconUser size={14} aria-hidden />
              </Avatar>
              <Text size="sm" truncate>
                {member.username}
              </Text>
            </Group>
            {member.prizes > 0 && (
              <Text size="sm" fw={700} c="green.9">
                {formatDollars(member.prizes, { whole: true })}
              </Text>
            )}
          </Group>
        ))}
        {more > 0 && (
          <Anchor component={Link} to={`/league/${view.league.abb}/members`} size="sm">
            See all {view.member_page.total} members
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

function DetailsCard({ view }: { view: LeagueView }) {
  const { league } = view;
  const count = league.member_count;
  return (
    <Card withBorder padding="md" h="100%">
      <Stack gap="sm" align="center" ta="center">
        <Title order={2} fz="xl">
          {league.name}
        </Title>
        <Text>{league.desc}</Text>
        {league.logo ? (
          <Image src={league.logo} alt={`${league.name} logo`} h={96} w="auto" fit="contain" />
        ) : (
          <IconTrophy size={72} color="#a07a00" aria-label="ALA Survivor logo" />
        )}
        <Stack gap={6} w="100%" ta="left">
          <Fact label="FOUNDED" value={formatDate(league.created_at, 'M.D.YY')} />
          <Fact label="COMMISH" value={league.founder ?? '—'} />
          <Fact
            label="MEMBERSHIP"
            value={
              league.joinable
                ? 'Public: anyone can join this league.'
                : 'Private: new members must be approved by the commissioner.'
            }
          />
          <Fact
            label="VISIBILITY"
            value={
              league.hidden
                ? 'Private: hidden from non-members and excluded from global leaderboards.'
                : 'Public: visible to everyone and included in global leaderboards.'
            }
          />
        </Stack>
        <Anchor component={Link} to={`/league/${league.abb}/members`} fw={700}>
          {count} {count === 1 ? 'member' : 'members'}
        </Anchor>
      </Stack>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={800} size="xs" c="dark.5" mr={6}>
        {label}
      </Text>
      {value}
    </Text>
  );
}
