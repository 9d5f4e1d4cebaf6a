import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LEAGUE_MESSAGES, type Trophy } from '../../../../core/contracts/leagues';

/** Concluded pools and their champions. */
export function TrophyCase({ trophies }: { trophies: Trophy[] }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} fz="md" mb="xs">
        Trophy Case
      </Title>
      {trophies.length === 0 ? (
        <Text c="dark.4">{LEAGUE_MESSAGES.noTrophies}</Text>
      ) : (
        <Stack gap="xs">
          {trophies.map((trophy) => (
            <Group key={trophy.pool_id} gap="xs" wrap="nowrap" align="flex-start">
              <IconTrophy size={18} color="#a07a00" aria-hidden />
              <div>
                <Anchor component={Link} to={trophy.path} fw={700} size="sm">
                  {trophy.pool_name} {trophy.season}
                </Anchor>
                <Text size="sm">{trophy.champions.join(', ') || 'No champion recorded'}</Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
