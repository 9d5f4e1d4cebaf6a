import { Card, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  BONUS_CADENCE,
  BonusGameSchema,
  INSURANCE_OPTION,
  listBonusOptions,
  NFL_LOCK_TIME_LABELS,
} from '../../../../core/bonus/options';
import { NflLockTimeSchema } from '../../../../core/calendar/locks';
import type { PoolDetails } from '../../../../core/contracts/pools';
import { hasBonusPool, picksPlayers } from '../../../../core/games';
import { formatDate, formatDollars } from '../../../lib/format';
import {
  bonusText,
  endRuleText,
  insuranceText,
  multiPickWeeksText,
  nflLockText,
  plural,
  tieRuleText,
} from './pool-labels';

/** How to play ("Learn the Ropes"): the game's basics, then this pool's own settings and bonuses. */
export function HowToPlay({ pool }: { pool: PoolDetails }) {
  const nfl = picksPlayers(pool.game);
  const survivor = pool.game === 'nfl';
  const bonusOn = hasBonusPool(pool.game) && pool.bonus_active && !pool.bonus_disabled;
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Learn the Ropes
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Title order={3} fz="lg" mb="xs">
            THE BASICS
          </Title>
          <List spacing="xs" size="sm">
            {nfl ? (
              <NflBasics pool={pool} />
            ) : survivor ? (
              <SurvivorBasics pool={pool} />
            ) : (
              <TeamBasics pool={pool} />
            )}
            <List.Item>Each {nfl ? 'player' : 'team'} can be used only once per season.</List.Item>
            {survivor ? (
              <List.Item>
                You may pick for any week ahead of time. Other entrants' picks stay hidden until the week's
                deadline, even a pick whose game has already kicked off.
              </List.Item>
            ) : (
              <List.Item>
                You may pick for any week ahead of time. Other entrants' picks stay hidden until that week's
                selections lock.
              </List.Item>
            )}
            <List.Item>
              A losing week costs a life. When your lives are gone your entry is eliminated; the last entries
              standing share the prize pool (below: how the pool ends).
            </List.Item>
            {pool.rebuys > 0 && (
              <List.Item>
                After a loss that leaves you a life, rebuy ({formatDollars(pool.rebuy_price)}) before the next
                week locks, or turn on auto-rebuy, or the entry is eliminated.
              </List.Item>
            )}
          </List>
        </Card>
        <Card withBorder padding="md">
          <Title order={3} fz="lg" mb="xs">
            THIS POOL'S CUSTOM SETTINGS
          </Title>
          <Table variant="vertical" withTableBorder={false} layout="fixed">
            <Table.Tbody>
              {customSettings(pool).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w="50%">{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={3} fz="lg" mb="xs">
          HOW THE POOL ENDS
        </Title>
        <List spacing="xs" size="sm">
          {endRuleText({ wipeout: pool.end_wipeout, crowning: pool.end_crowning }).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Card>
      {bonusOn && <BonusInfo pool={pool} />}
      <OddsInfo nfl={nfl} />
    </Stack>
  );
}

/**
 * `npm run calibrate` on the bundled real seasons (Brier score: the mean squared error of the
 * forecasts, lower is better). The seasons are fixed files, so the figures are too.
 */
const CALIBRATION: readonly [string, string, string, string][] = [
  ['MLB 2023 games (2,430)', '0.2444', '0.2496', '0.2500'],
  ['MLB 2023 team-weeks (810)', '0.2221', '0.2443', ''],
  ['NBA 2018-19 games (1,230)', '0.2158', '0.2414', '0.2500'],
  ['NBA 2018-19 team-weeks (780)', '0.1894', '0.2378', ''],
  ['NFL 2020 games (268)', '0.2172', '0.2500', '0.2500'],
];

/** NFL TD player odds on the one real week of player lines (2023 week 2), against each position's share. */
const PLAYER_CALIBRATION: readonly [string, string, string, string] = [
  'NFL 2023 player-weeks (302)',
  '0.1770',
  '0.1738',
  '',
];

/** How the odds beside the picks and the Planner are made, in plain words, with their measured calibration. */
function OddsInfo({ nfl }: { nfl: boolean }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} fz="lg" mb="xs">
        THE ODDS AND THE PLANNER
      </Title>
      <List spacing="xs" size="sm" mb="sm">
        <List.Item>
          Every team has a rating. The better rated side is more likely to win a game, and the home side gets
          a few points. After each final game the winner takes points from the loser: more for an upset or a
          wide margin. A forecast only uses results that were in before it.
        </List.Item>
        <List.Item>
          A team&apos;s week odds are the exact chance that it wins at least as many games as it loses over
          its games of the pool week (in a pool with shoot the moon, a 0-6 or worse week counts too). A locked
          week keeps the odds it locked with. Future value is a team&apos;s best odds in a later week.
        </List.Item>
        {nfl && (
          <List.Item>
            A player&apos;s odds come from his touchdowns per game this season, blended with his
            position&apos;s average as if he had played 4 more average games, so early in the season the
            position speaks and later the player. A player on a bye has no chance.
          </List.Item>
        )}
        <List.Item>
          The Planner gives each week left a different team (or player) your entry has not used, chosen so the
          chance of surviving every one of those weeks is the largest. Beside it is what taking the best pick
          of each week in turn would give: that spends the strong teams early.
          {nfl && " Both keep to the pool's players per week and its max players per NFL team per week."}
        </List.Item>
        <List.Item>
          Popularity shows how the entrants picked in a locked week; an open week&apos;s picks stay secret.
        </List.Item>
      </List>
      <Text size="sm" mb="xs">
        Measured on real past seasons (Brier score: lower is better; a coin flip scores 0.25):
      </Text>
      <Table.ScrollContainer minWidth={320} type="native">
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Forecasts</Table.Th>
              <Table.Th ta="right">Our odds</Table.Th>
              <Table.Th ta="right">Same rate for all</Table.Th>
              <Table.Th ta="right">Coin flip</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(nfl ? [...CALIBRATION, PLAYER_CALIBRATION] : CALIBRATION).map(
              ([what, ours, constant, coin]) => (
                <Table.Tr key={what}>
                  <Table.Td>{what}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {ours}
                  </Table.Td>
                  <Table.Td ta="right">{constant}</Table.Td>
                  <Table.Td ta="right">{coin || '–'}</Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dark.4" mt="xs">
        &quot;Same rate for all&quot; gives every game the season&apos;s home win rate, or every team-week the
        season&apos;s share of teams that advanced (known only afterwards). On NFL 2020 FiveThirtyEight&apos;s
        published Elo scored 0.2190. Of the NBA team-weeks given 70 to 80%, 76% advanced; of those given 40 to
        50%, 42%.
        {nfl &&
          " For NFL players it is each position's share that scored that week: on the one real week of player" +
            ' lines there is, our player odds did worse than it.'}
      </Text>
    </Card>
  );
}

function TeamBasics({ pool }: { pool: PoolDetails }) {
  const games = pool.game === 'mlb' ? 'MLB' : 'NBA';
  return (
    <>
      <List.Item>Each week, pick one {games} team.</List.Item>
      <List.Item>
        Your team must finish the week at .500 or better (a week without a result counts as even) for you to
        advance.
      </List.Item>
      {pool.game === 'mlb' && pool.shoot_moon && (
        <List.Item>
          Shoot the moon: if your team loses every game of the week (0-6 or worse), you gain a life instead of
          losing one.
        </List.Item>
      )}
    </>
  );
}

function SurvivorBasics({ pool }: { pool: PoolDetails }) {
  const multi = multiPickWeeksText(pool.picks_per_week);
  const several = multi !== null;
  const insurance = pool.insurance_option !== INSURANCE_OPTION.none;
  return (
    <>
      <List.Item>
        Each week, pick one NFL team to win its game. A team on a bye cannot be picked that week.
      </List.Item>
      {multi && (
        <List.Item>
          Multi-pick weeks: {multi}. If any of them loses, the entry loses one life (never more than one a
          week), and fewer picks than asked count as a losing pick.
        </List.Item>
      )}
      <List.Item>
        Your team must win for you to advance. {tieRuleText(pool)}. A game not played in its week (postponed
        or cancelled) advances the pick.
      </List.Item>
      <List.Item>
        Picks lock at the pool's weekly deadline: {nflLockText(pool)}. Each pick locks earlier at its own
        game's kickoff (a Thursday pick locks on Thursday); until then you may change it.
      </List.Item>
      <List.Item>
        No pick at the deadline?{' '}
        {[
          insurance && 'If you bought insurance, it picks for you.',
          pool.auto_pick
            ? `${insurance ? 'Otherwise auto-pick' : 'Auto-pick'} gives you the unused ${several ? 'team(s)' : 'team'} most likely to win among the games not yet started.`
            : 'Auto-pick is off in this pool.',
          `${insurance || pool.auto_pick ? 'Otherwise it' : 'It'} counts as a losing pick.`,
        ]
          .filter(Boolean)
          .join(' ')}
      </List.Item>
    </>
  );
}

function NflBasics({ pool }: { pool: PoolDetails }) {
  return (
    <>
      <List.Item>Each week, pick {plural(pool.players_per_week, 'NFL player')}.</List.Item>
      <List.Item>
        You advance when any of your picks scores a rushing, receiving, special-teams or defensive touchdown
        {pool.nfl_pass_tds > 0
          ? `, or throws at least ${plural(pool.nfl_pass_tds, 'passing touchdown')}`
          : ''}
        .
      </List.Item>
      <List.Item>A pick locks when its player's game starts, or at the pool's weekly lock time.</List.Item>
    </>
  );
}

function customSettings(pool: PoolDetails): [string, string][] {
  const nfl = picksPlayers(pool.game);
  const rows: [string, string][] = [
    ['Buy-in', formatDollars(pool.buyin)],
    ['Lives', String(pool.lives)],
    ['Rebuys', pool.rebuys > 0 ? `${pool.rebuys} at ${formatDollars(pool.rebuy_price)} each` : 'None'],
    ['Max entries per user', String(pool.max_entries)],
    ['Entry deadline', formatDate(pool.entry_deadline, 'M/D/YY h:mm A')],
    ['Weeks', String(pool.week_count)],
  ];
  if (nfl) {
    const lock = NflLockTimeSchema.safeParse(pool.nfl_lock_time);
    rows.push(
      ['Picks per week', String(pool.players_per_week)],
      ['Max picks per NFL team per week', String(pool.max_players_per_team)],
      [
        'Passing touchdowns',
        pool.nfl_pass_tds > 0 ? `A minimum of ${pool.nfl_pass_tds} to advance a player` : 'Ignored',
      ],
      ['Weekly lock time', lock.success ? NFL_LOCK_TIME_LABELS[lock.data] : 'First Game'],
      ['Lock at your first pick', pool.lock_at_pick_start ? 'Yes: once any of your picks starts' : 'No'],
    );
  } else if (pool.game === 'nfl') {
    rows.push(
      ['Picks per week', '1 team'],
      ['Multi-pick weeks', multiPickWeeksText(pool.picks_per_week) ?? 'None'],
      ['Ties', tieRuleText(pool)],
      ['Auto-pick', pool.auto_pick ? 'On: a missed pick gets the unused favourite' : 'Off'],
      ['Weekly lock time', `${nflLockText(pool)}; each pick also locks at its kickoff`],
      ['Pick insurance', insuranceText(pool)],
      ['Performance bonus pool', bonusText(pool)],
    );
  } else {
    rows.push(['Pick insurance', insuranceText(pool)], ['Performance bonus pool', bonusText(pool)]);
    if (pool.game === 'mlb') rows.push(['Shoot the moon', pool.shoot_moon ? 'On' : 'Off']);
  }
  rows.push(['Site share of the prize pool', `${Math.round(pool.ala_pct * 100)}%`]);
  return rows;
}

function BonusInfo({ pool }: { pool: PoolDetails }) {
  // The pool's own options in force, in the game's display order: the prizes settlement pays.
  const game = BonusGameSchema.safeParse(pool.game);
  const active = (game.success ? listBonusOptions(game.data) : []).flatMap((definition) => {
    const option = pool.bonus_options[String(definition.bonus_id)];
    return option?.active ? [{ ...option, bonus_id: definition.bonus_id }] : [];
  });
  return (
    <Card withBorder padding="md">
      <Title order={3} fz="lg" mb="xs">
        PERFORMANCE BONUSES
      </Title>
      <Text size="sm" mb="xs">
        Entries in the bonus pool win a prize whenever their picked team earns a bonus; the prize is charged
        evenly to the week's other bonus-pool entries. You may join or leave the bonus pool{' '}
        {cadenceWords(pool.bonus_cadence)}; a change takes effect the following week.
      </Text>
      {active.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bonus</Table.Th>
              <Table.Th>Prize</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {active.map((option) => (
              <Table.Tr key={option.bonus_id}>
                <Table.Td>{option.bonus_long_name}</Table.Td>
                <Table.Td>{formatDollars(option.prize)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function cadenceWords(cadence: number): string {
  if (cadence === BONUS_CADENCE.anytime) return 'at any time';
  if (cadence === BONUS_CADENCE.monthly) return 'once a month, in the week before each bonus entry week';
  return 'only before the season starts';
}
