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
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type AdminEntrant, ENTRANTS_TOASTS, MAX_WEEKS_ALIVE } from '../../../../../core/contracts/pools';
import { splitEvenly } from '../../../../../core/money';
import { errorMessage } from '../../../../lib/api';
import { formatDollars } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useAdminEntrants, useProcessChampions } from '../../api/entrants';

const toWeeks = (value: string | number, fallback: number) => {
  const weeks = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(weeks) ? Math.min(MAX_WEEKS_ALIVE, Math.max(0, weeks)) : fallback;
};

/** An entry a weeks-alive override was typed for: what it says, and what the entry's rule would give. */
interface Override {
  weeks: number;
  entrant: AdminEntrant;
}

/**
 * Crowning the champions (irreversible): at least one active entry (searched on the server), the weeks alive
 * of the other entries still alive (a default, and per entrant for the entries of the page shown above), and
 * a confirmation that says what will happen.
 */
export function ChampionsCard({
  poolId,
  entrants,
  remaining,
  suggestedWeeks,
  paged,
}: {
  poolId: number;
  /** The entries of the page the list shows: their weeks alive can be set one by one. */
  entrants: AdminEntrant[];
  remaining: number;
  /** The most weeks alive of any entry. */
  suggestedWeeks: number;
  /** The list has more than one page. */
  paged: boolean;
}) {
  const [champions, setChampions] = useState<AdminEntrant[]>([]);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const candidates = useAdminEntrants(poolId, { q: q || undefined, status: 'active', pageSize: 20 });
  const [defaultWeeks, setDefaultWeeks] = useState<number>(suggestedWeeks);
  const [overrides, setOverrides] = useState<Record<string, Override>>({});
  const [confirming, setConfirming] = useState(false);
  const process = useProcessChampions();

  const chosen = new Set(champions.map((entrant) => entrant.entry_id));
  const others = entrants.filter((entrant) => !chosen.has(entrant.entry_id));
  // What the default gives each other entry: the entries still alive take it, the eliminated keep theirs.
  const ruleWeeks = (entrant: AdminEntrant) => (entrant.lives > 0 ? defaultWeeks : entrant.weeks_alive);
  const weeksOf = (entrant: AdminEntrant) => overrides[entrant.entry_id]?.weeks ?? ruleWeeks(entrant);
  const labels = champions.map((entrant) => entrant.label);
  const awards = splitEvenly(remaining, Math.max(1, champions.length));
  const found = candidates.data?.entrants ?? [];
  const options = [...champions, ...found.filter((entrant) => !chosen.has(entrant.entry_id))];

  const submit = () => {
    const userWeeksAlive: Record<string, number> = {};
    for (const { weeks, entrant } of Object.values(overrides)) {
      if (!chosen.has(entrant.entry_id) && weeks !== ruleWeeks(entrant))
        userWeeksAlive[entrant.entry_id] = weeks;
    }
    // The promise, not mutate's callbacks: the pool turns final on success, and the reloaded tool no
    // longer shows this card, whose callbacks would then never run.
    process
      .mutateAsync({
        leagueSeason: poolId,
        champions: champions.map((entrant) => entrant.entry_id),
        defaultWeeksAlive: defaultWeeks,
        userWeeksAlive,
      })
      .then(
        (answer) => {
          notify({ title: ENTRANTS_TOASTS.championsProcessed, message: answer.message });
          setConfirming(false);
        },
        // The refusal shows in the dialog (process.error).
        () => undefined,
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
          data={options.map((entrant) => ({ value: String(entrant.entry_id), label: entrant.label }))}
          value={champions.map((entrant) => String(entrant.entry_id))}
          onChange={(values) =>
            setChampions(
              values.flatMap((value) => options.filter((entrant) => String(entrant.entry_id) === value)),
            )
          }
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server has searched the active entries already: every option it sent is shown.
          filter={({ options: all }) => all}
          nothingFoundMessage={candidates.isFetching ? 'Searching…' : 'No active entry by that name'}
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
                {paged && (
                  <Text size="sm" c="dark.4" mb="xs">
                    The entries of the page shown above: page through the entrants (or search them) to set
                    others. What you type here is kept.
                  </Text>
                )}
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
                  {others.map((entrant) => (
                    <NumberInput
                      key={entrant.entry_id}
                      label={`Weeks alive of ${entrant.label}`}
                      value={weeksOf(entrant)}
                      onChange={(value) =>
                        setOverrides((current) => ({
                          ...current,
                          [entrant.entry_id]: { weeks: toWeeks(value, weeksOf(entrant)), entrant },
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
