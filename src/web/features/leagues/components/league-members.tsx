import { Avatar, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconUser } from '@tabler/icons-react';
import type { LeagueMember, LeagueView } from '../../../../core/contracts/leagues';
import { formatDate } from '../../../lib/format';

/** The member list; real names only reach members. */
export function LeagueMembers({ view }: { view: LeagueView }) {
  const count = view.members.length;
  return (
    <>
      <Title order={2} fz="lg" mb="sm">
        {count} {count === 1 ? 'Member' : 'Members'}
      </Title>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Username</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Send Message</Table.Th>
              <Table.Th>Member Since</Table.Th>
              <Table.Th>Admin?</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.members.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Who member={member} />
                </Table.Td>
                <Table.Td>
                  <RealName member={member} />
                </Table.Td>
                <Table.Td>
                  <Text span size="sm" c="dark.4">
                    coming soon
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(member.created_at, 'MMMM D, YYYY')}</Table.Td>
                <Table.Td>
                  {member.admin ? <IconCheck size={18} color="#1b7a3a" aria-label="Admin" /> : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* On a phone each member is a card: who, their name, since when, and whether they run the league. */}
      <Stack gap={0} hiddenFrom="sm">
        {view.members.map((member, index) => (
          <Stack
            key={member.id}
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
        ))}
      </Stack>
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
