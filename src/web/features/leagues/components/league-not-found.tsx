import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LEAGUE_MESSAGES } from '../../../../core/contracts/leagues';

/** Where an unknown league address lands. */
export function LeagueNotFound() {
  return (
    <Card withBorder padding="xl" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz={{ base: 24, sm: 30 }}>
          YOU'RE OUT OF BOUNDS.
        </Title>
        <Text>{LEAGUE_MESSAGES.notFound}</Text>
        <Anchor component={Link} to="/leagues/find" fw={700}>
          Back to the Leagues page
        </Anchor>
        <Text size="sm">
          Think this is a mistake? Email us at{' '}
          <Anchor href="mailto:support@ala-survivor.example" underline="always">
            support@ala-survivor.example
          </Anchor>{' '}
          and we will help you find your league.
        </Text>
      </Stack>
    </Card>
  );
}
