import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { POOL_MESSAGES } from '../../core/contracts/pools';
import { useCurrentUser } from '../features/auth/api/session';
import type { PoolAddress } from '../lib/query-keys';

/**
 * A private league's pool for someone outside the league: what it is and the way in (log in, or ask the
 * league to let you in), never its picks, standings or news (decision 035).
 */
export function MembersOnlyPool({ address, onLogin }: { address: PoolAddress; onLogin: () => void }) {
  const { user } = useCurrentUser();
  const signedIn = Boolean(user);
  useEffect(() => {
    document.title = 'Members only · ALA Survivor';
  }, []);
  return (
    <Container size="sm" px={0}>
      <Card withBorder padding="lg" role="region" aria-labelledby="members-only-title">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconLock size={22} aria-hidden />
            <Title order={1} fz="xl" id="members-only-title">
              This pool is for league members
            </Title>
          </Group>
          <Text size="sm">{POOL_MESSAGES.privatePool}</Text>
          <Group gap="sm">
            {!signedIn && <Button onClick={onLogin}>LOG IN</Button>}
            <Anchor component={Link} to={`/league/${address.leagueAbb}`} fw={600} size="sm">
              See the league and ask to join
            </Anchor>
            <Anchor component={Link} to="/leagues/allpools" fw={600} size="sm">
              Find another pool
            </Anchor>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
