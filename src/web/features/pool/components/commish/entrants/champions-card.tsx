import {
  Accordion,
  Alert,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { type AdminEntrant, ENTRANTS_TOASTS, MAX_WEEKS_ALIVE } from '../../../../../../core/contracts/pools';
import { splitEvenly } from '../../../../../../core/money';
import { errorMessage } from '../../../../../lib/api';
import { formatDollars } from '../../../../../lib/format';
import { notify } from '../../../../../lib/notify';
import { useProcessChampions } from '../../../api/commish-entrants';

const toWeeks = (value: string | number, fallback: number) => {
  const weeks = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(weeks) ? Math.min(MAX_WEEKS_ALIVE, Math.max(0, weeks)) : fallback;
};

/**
 * Crowning the champions (irreversible): at least one active entry, the weeks alive of the other entries still
 * alive (a default, and per entrant if need be), and a confirmation that says what will happen.
 */
export function ChampionsCard({
  poolId,
  entrants,
  remaining,
}: {
  poolId: number;
  entrants: AdminEntrant[];
  remaining: number;
}) {
  const suggested = useMemo(() => Math.max(0, ...entrants.map((entrant) => entrant.weeks_alive)), [entrants]);
  const [champions, setChampions] = useState<string[]>([]);
  const [defaultWeeks, setDefaultWeeks] = useState<number>(suggested);
  const [overrides, setOverrides] = useState<Record<string, number>>({});
  const [confirming, setConfirming] = useState(false);
  const process = useProcessChampions();

  const chosen = new Set(champions);
  const others = entrants.filter((entrant) => !chosen.has(String(entrant.entry_id)));
  // What the default gives each other entry: the entries still alive take it, the eliminated keep theirs.
  const ruleWeeks = (entrant: AdminEntrant) => (entrant.lives > 0 ? defaultWeeks : entrant.weeks_alive);
  const weeksOf = (entrant: AdminEntrant) => overrides[entrant.entry_id] ?? ruleWeeks(entrant);
  const labels = champions.map(
    (id) => entrants.find((entrant) => String(entrant.entry_id) === id)?.label ?? id,
  );
  const awards = splitEvenly(remaining, Math.max(1, champions.length));

  const submit = () => {
    const userWeeksAlive: Record<string, number> = {};
    for (const entrant of others) {
      if (weeksOf(entrant) !== ruleWeeks(entrant)) userWeeksAlive[entrant.entry_id] = weeksOf(entrant);
    }
    process.mutate(
      {
        leagueSeason: poolId,
        champions: champions.map(Number),
        defaultWeeksAlive: defaultWeeks,
        userWeeksAlive,
      },
      {
        onSuccess: (answer) => {
          notify({ title: ENTRANTS_TOASTS.championsProcessed, message: answer.message });
          setConfirming(false);
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="champions-title">
      <Title order={3} fz="md" id="champions-title" mb={4}>
        Champions
      </Title>
      <Text size="sm" c="dark.4" mb="sm">
        Crowning champions ends the pool: everyone else drops to 0 lives and the {formatDollars(remaining)} of
        prizes still to award is split evenly among the champions.
      </Text>
      <Stack gap="sm">
        <MultiSelect
          label="Champions"
          placeholder={champions.length === 0 ? 'Choose at least one' : undefined}
          data={entrants
            .filter((entrant) => entrant.status === 1)
            .map((entrant) => ({ value: String(entrant.entry_id), label: entrant.label }))}
          value={champions}
          onChange={setChampions}
          searchable
          nothingFoundMessage="No active entry by that name"
        />
        <NumberInput
          label="Default weeks alive"
          description="For the other entries still alive; eliminated entries keep theirs."
          value={defaultWeeks}
          onChange={(value) => setDefaultWeeks(toWeeks(value, defaultWeeks))}
          min={0}
          max={MAX_WEEKS_ALIVE}
          allowDecimal={false}
          allowNegative={false}
          maw={360}
        />
        {others.length > 0 && (
          <Accordion variant="contained">
            <Accordion.Item value="weeks">
              <Accordion.Control>Weeks alive per entrant</Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
                  {others.map((entrant) => (
                    <NumberInput
                      key={entrant.entry_id}
                      label={`Weeks alive of ${entrant.label}`}
                      value={weeksOf(entrant)}
                      onChange={(value) =>
                        setOverrides((current) => ({
                          ...current,
                          [entrant.entry_id]: toWeeks(value, weeksOf(entrant)),
                        }))
                      }
                      min={0}
                      max={MAX_WEEKS_ALIVE}
                      allowDecimal={false}
                      allowNegative={false}
                    />
                  ))}
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
        <Group>
          <Button color="red" disabled={champions.length === 0} onClick={() => setConfirming(true)}>
            Process champions
          </Button>
        </Group>
      </Stack>
      {confirming && (
        <Modal opened onClose={() => setConfirming(false)} centered title="Process champions?">
          <Stack>
            <Text>
              {labels.length === 1
                ? `${labels[0]} will be crowned champion`
                : `${labels.join(', ')} will be crowned champions`}
              {remaining > 0
                ? labels.length === 1
                  ? ` and receive ${formatDollars(awards[0])}.`
                  : `, splitting ${formatDollars(remaining)} (${awards.map((award) => formatDollars(award)).join(' / ')}).`
                : '.'}{' '}
              Every other entry drops to 0 lives, a news item is posted and the pool becomes final.
            </Text>
            <Alert color="red" title="This cannot be undone" />
            {process.error && (
              <Alert color="red" role="alert" title="Champions not processed">
                {errorMessage(process.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                GO BACK
              </Button>
              <Button color="red" loading={process.isPending} onClick={submit}>
                PROCESS CHAMPIONS
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Card>
  );
}
