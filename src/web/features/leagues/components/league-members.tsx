import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconUser } from '@tabler/icons-react';
import {
  LEAGUE_MEMBER_SEARCH_CAP,
  type LeagueMember,
  type LeagueView,
} from '../../../../core/contracts/leagues';
import { ListPager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { ResponsiveTable } from '../../../components/responsive-table';
import { formatDate } from '../../../lib/format';
import { useLeagueMembers } from '../api/leagues';
import { ListSearch, useListPage } from './list-paging';

/**
 * The member list, a page at a time from the server (prizes won, then when they joined) with a server-side search;
 * the viewer's own row stays on top. Real names only reach members.
 */
export function LeagueMembers({ view }: { view: LeagueView }) {
  const paging = useListPage();
  const page = useLeagueMembers(view.league.id, paging.list);
  const count = view.league.member_count;
  const data = page.data;
  const mine = data?.mine ?? view.my_member;
  // The viewer's own row first, unless the page already shows it.
  const rows = data
    ? [...(mine && !data.members.some((m) => m.id === mine.id) ? [mine] : []), ...data.members]
    : [];
  return (
    <>
      <Title order={2} fz="lg" mb="sm">
        {count} {count === 1 ? 'Member' : 'Members'}
      </Title>
      <ListSearch
        label="Search members"
        placeholder={view.viewer.isMember ? 'Username or name' : 'Username'}
        value={paging.search}
        onChange={paging.setSearch}
      />
      <QueryState query={page} loading="Loading members" failed="Could not load the members" />
      {data && paging.list.q && (
        <Text size="sm" c="dark.4" role="status" my="xs">
          {data.total === 0
            ? 'No member matches the search.'
            : data.total > LEAGUE_MEMBER_SEARCH_CAP
              ? `${LEAGUE_MEMBER_SEARCH_CAP.toLocaleString('en-US')}+ members match`
              : `${data.total} ${data.total === 1 ? 'member matches' : 'members match'}`}
        </Text>
      )}
      <ResponsiveTable
        rows={rows}
        rowKey={(member) => member.id}
        minWidth={640}
        table={{ striped: true, verticalSpacing: 'xs' }}
        columns={[
          { key: 'username', header: 'Username', cell: (member) => <Who member={member} /> },
          { key: 'name', header: 'Name', cell: (member) => <RealName member={member} /> },
          {
            key: 'message',
            header: 'Send Message',
            cell: () => (
              <Text span size="sm" c="dark.4">
                coming soon
              </Text>
            ),
          },
          {
            key: 'since',
            header: 'Member Since',
            cell: (member) => formatDate(member.created_at, 'MMMM D, YYYY'),
          },
          {
            key: 'admin',
            header: 'Admin?',
            cell: (member) =>
              member.admin ? <IconCheck size={18} color="#1b7a3a" aria-label="Admin" /> : null,
          },
        ]}
        // On a phone each member is a card: who, their name, since when, and whether they run the league.
        cards={{ gap: 0 }}
        card={(member, index) => (
          <Stack
            role="group"
            aria-label={member.username}
            gap={4}
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap">
              <Who member={member} />
              {member.admin && (
                <Badge color="green.8" leftSection={<IconCheck size={12} aria-hidden />}>
                  Admin
                </Badge>
              )}
            </Group>
            <Text size="sm">
              <RealName member={member} /> · Member since {formatDate(member.created_at, 'MMMM D, YYYY')}
            </Text>
          </Stack>
        )}
      />
      <ListPager info={data} onChange={paging.setPage} label="Pages of members" />
    </>
  );
}

/** Photo or icon, username and tagline. */
function Who({ member }: { member: LeagueMember }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={member.photo_url} alt="" radius="xl" size="md" color="navy">
        <IconUser size={18} aria-hidden />
      </Avatar>
      <div>
        <Text size="sm" fw={700}>
          {member.username}
        </Text>
        {member.tagline && (
          <Text size="xs" c="dark.4">
            {member.tagline}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** The real name, which the server sends to members only; everyone else reads "hidden". */
function RealName({ member }: { member: LeagueMember }) {
  return (
    member.real_name ?? (
      <Text span size="sm" c="dark.4" fs="italic">
        hidden
      </Text>
    )
  );
}
