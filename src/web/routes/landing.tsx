import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBallAmericanFootball, IconBallBaseball, IconBallBasketball } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/session';
import { PicksDueCard } from '../features/picks-due/components/picks-due-card';
import { globalPoolPathOf, useSeasonIndex } from '../features/seasons/api/season-index';
import { GAME_COLORS } from '../theme';

const GAMES = [
  {
    game: 'nfl-td',
    name: 'NFL TD Survivor',
    icon: IconBallAmericanFootball,
    blurb: 'Pick players each week. Any touchdown keeps you alive.',
  },
  {
    game: 'nfl',
    name: 'NFL Survivor',
    icon: IconBallAmericanFootball,
    blurb: 'Pick one NFL team to win each week, and each team only once a season.',
  },
  {
    game: 'nba',
    name: 'NBA Survivor',
    icon: IconBallBasketball,
    blurb: 'Pick one team a week. Finish .500 or better to advance.',
  },
  {
    game: 'mlb',
    name: 'MLB Survivor',
    icon: IconBallBaseball,
    blurb: 'Pick one team a week, or shoot the moon on a losing one.',
  },
];

export default function LandingPage() {
  const seasons = useSeasonIndex();
  const { user } = useCurrentUser();
  return (
    <Page
      title="A Level Above Survivor"
      subtitle="Survivor pools for NBA, MLB, NFL teams and NFL touchdowns, run by your league's commissioner."
    >
      <Group>
        <Button component={Link} to="/getstarted" size="md">
          JUMP IN
        </Button>
        <Button component={Link} to="/leagues/allpools" size="md" variant="default">
          Browse pools
        </Button>
      </Group>
      <PicksDueCard username={user?.username} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {GAMES.map(({ game, name, icon: Icon, blurb }) => (
          <Card key={game} withBorder padding="lg" style={{ borderTop: `4px solid ${GAME_COLORS[game]}` }}>
            <Stack gap="sm">
              <Group gap="xs">
                <ThemeIcon color={GAME_COLORS[game]} variant="filled" radius="xl">
                  <Icon size={18} />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {name}
                </Title>
              </Group>
              <Text size="sm">{blurb}</Text>
              <GlobalPoolButton to={globalPoolPathOf(seasons, game)} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dark.3">
        The demo replays real seasons. The information used here was obtained free of charge from and is
        copyrighted by Retrosheet. Interested parties may contact Retrosheet at www.retrosheet.org. NBA and
        NFL results from public game logs; see the project's data notices.
      </Text>
    </Page>
  );
}

/** The link to a game's global pool; a disabled button until its address is known. */
function GlobalPoolButton({ to }: { to: string | undefined }) {
  if (to === undefined) {
    return (
      <Button variant="light" disabled>
        Global ALA Pool
      </Button>
    );
  }
  return (
    <Button component={Link} to={to} variant="light">
      Global ALA Pool
    </Button>
  );
}
