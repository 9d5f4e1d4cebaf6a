import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { MyEntry, Plan, PlannerResponse } from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { usePlanner } from '../../api/odds';
import { formatChance } from './odds-format';

/** The active entry's Planner: the plan that maximises surviving every week left, beside greedy. */
export function PlannerView({ entry, signedIn }: { entry: MyEntry | null; signedIn: boolean }) {
  const planner = usePlanner(entry?.id ?? null);
  if (!entry)
    return (
      <Text size="sm" c="dark.4">
        {signedIn
          ? 'Sign up for this pool to plan an entry: the Planner spreads your unused teams over the weeks left.'
          : 'Log in and sign up for this pool to plan your entry over the weeks left.'}
      </Text>
    );
  if (planner.isError)
    return (
      <Alert color="red" role="alert" title="Could not load the Planner">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(planner.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void planner.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  if (!planner.data)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading the Planner" />
      </Center>
    );
  const data = planner.data;
  if (data.notice !== null)
    return (
      <Text size="sm" c="dark.4">
        {entry.label}: {data.notice}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="xs" c="dark.4">
        {describePlanner(data, entry)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PathTable title="Best plan" plan={data.best} kind={data.kind} />
        <PathTable title="Greedy: best pick each week" plan={data.greedy} kind={data.kind} />
      </SimpleGrid>
    </Stack>
  );
}

function describePlanner(data: PlannerResponse, entry: MyEntry): string {
  const things = data.kind === 'players' ? 'players' : 'teams';
  const used = data.used > 0 ? `, leaving out the ${data.used} ${things} it already used` : '';
  return `${entry.label}, from week ${data.from_week}: different ${things} each week${used}, chosen so the chance of surviving every week left is the largest. Greedy takes the best ${data.kind === 'players' ? 'player' : 'team'} of each week in turn and spends the strong ones early.`;
}

function PathTable({ title, plan, kind }: { title: string; plan: Plan; kind: PlannerResponse['kind'] }) {
  const label = title.startsWith('Best') ? 'best' : 'greedy';
  return (
    <Stack gap={4} role="group" aria-label={title}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      <Group gap="md" wrap="wrap">
        <Text size="sm" data-testid={`${label}-survival`}>
          Survive all: <b>{formatChance(plan.survival)}</b>
        </Text>
        <Text size="sm" data-testid={`${label}-expected`}>
          Expected weeks: <b>{plan.expected_weeks.toFixed(1)}</b>
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={280} type="native">
        <Table striped verticalSpacing={2} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week</Table.Th>
              <Table.Th>{kind === 'players' ? 'Players' : 'Team'}</Table.Th>
              <Table.Th ta="right">Odds</Table.Th>
              <Table.Th ta="right">Alive</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.weeks.map((week) => (
              <Table.Tr key={week.week}>
                <Table.Td>{week.week}</Table.Td>
                <Table.Td>
                  {week.picks.length > 0 ? week.picks.map((pick) => pick.name).join(', ') : 'none left'}
                </Table.Td>
                <Table.Td ta="right">{formatChance(week.probability)}</Table.Td>
                <Table.Td ta="right">{formatChance(week.alive)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
