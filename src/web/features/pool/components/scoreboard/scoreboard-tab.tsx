import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type MyEntry,
  type PoolDetails,
  type PoolViewer,
  SCOREBOARD_MESSAGES,
} from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { useScoreboard } from '../../api/scoreboard';
import { NflBoard } from './nfl-board';
import { WeekSelector } from './scoreboard-parts';
import { TeamBoard } from './team-board';

/** The pool's Live Scoring tab: a week's entries, their picks and how those picks are doing. */
export function ScoreboardTab({
  pool,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  activeEntry: MyEntry | null;
}) {
  const [week, setWeek] = useState<number | 'default'>('default');
  const board = useScoreboard(pool.id, week, !pool.final);
  const data = board.data;

  let body: React.ReactNode;
  if (board.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading the scoreboard" />
      </Center>
    );
  } else if (board.isError || !data) {
    body = (
      <Alert color="red" role="alert" title="Could not load the scoreboard">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(board.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void board.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data.entries.length === 0) {
    body = <Text c="dark.4">{SCOREBOARD_MESSAGES.empty}</Text>;
  } else {
    body = (
      <Stack gap="sm">
        {!data.public && (
          <Alert color="blue" variant="light" icon={<IconEyeOff size={18} aria-hidden />}>
            {SCOREBOARD_MESSAGES.hidden}
          </Alert>
        )}
        {data.game === 'nfl-td' ? <NflBoard board={data} /> : <TeamBoard board={data} />}
      </Stack>
    );
  }

  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
        <Title order={2} fz="lg">
          Live Scoring
        </Title>
        {data && (
          <Group gap="sm" wrap="wrap">
            {board.isFetching && !board.isPending && <Loader size="xs" aria-label="Refreshing" />}
            {data.settled && (
              <Text size="sm" fw={700} c="green.9">
                Week {data.week} settled
              </Text>
            )}
            <WeekSelector week={data.week} first={data.first_week} last={data.last_week} onChange={setWeek} />
          </Group>
        )}
      </Group>
      {body}
    </Card>
  );
}
