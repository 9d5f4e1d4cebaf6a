import { Anchor, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { POOL_MESSAGES } from '../../../../../core/contracts/pools';
import { picksPlayers } from '../../../../../core/games';
import { formatDollars } from '../../../../lib/format';
import {
  bonusText,
  insuranceText,
  missedPickText,
  multiPickWeeksText,
  nflLockText,
  tieRuleText,
  wipeoutText,
} from '../pool-labels';

// The confirmation (a modal) loads when someone starts signing up.
const SignUpModal = lazy(() =>
  import('../../../../components/sign-up/sign-up-modal').then((module) => ({ default: module.SignUpModal })),
);

/** The pool's terms, and the way in: sign up, add an entry, or a login box for visitors. */
export function PoolDetailsCard({
  pool,
  viewer,
  onLogin,
}: {
  pool: PoolDetails;
  viewer: PoolViewer;
  onLogin: () => void;
}) {
  const nfl = picksPlayers(pool.game);
  const rows: [string, string][] = [
    ['Buy-in', formatDollars(pool.buyin)],
    ['Lives', String(pool.lives)],
    ['Rebuy cost', pool.rebuys > 0 ? formatDollars(pool.rebuy_price) : 'No rebuys'],
    ['Max entries', String(pool.max_entries)],
    ['Entrants', String(pool.entrants)],
    ['Prize pool', formatDollars(pool.prize_pool, { whole: true })],
  ];
  if (pool.state !== 'concluded') {
    rows.push(['If all still in lose this week', wipeoutText({ wipeout: pool.end_wipeout }, pool)]);
  }
  if (nfl) {
    rows.push(
      ['Picks per week', String(pool.players_per_week)],
      ['Max picks per NFL team per week', String(pool.max_players_per_team)],
    );
  } else if (pool.game === 'nfl') {
    rows.push(...survivorRows(pool), ['Bonus pool', bonusText(pool)], ['Insurance', insuranceText(pool)]);
  } else {
    rows.push(['Bonus pool', bonusText(pool)], ['Insurance', insuranceText(pool)]);
  }
  return (
    <Card withBorder padding="md">
      <Title order={2} fz="md" mb="xs">
        Pool Details
      </Title>
      <Stack gap={4} component="dl" m={0}>
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap" gap="xs">
            <Text component="dt" size="sm" c="dark.4">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider my="sm" />
      <WayIn pool={pool} viewer={viewer} onLogin={onLogin} />
    </Card>
  );
}

/** NFL Survivor's rules in words (spec 4, part 1): the picks, ties, a missed pick, the deadline and secrecy. */
function survivorRows(pool: PoolDetails): [string, string][] {
  const multi = multiPickWeeksText(pool.picks_per_week);
  return [
    ['Picks', 'One team a week, each team once a season'],
    ...(multi ? [['Multi-pick weeks', multi] as [string, string]] : []),
    ['Ties', tieRuleText(pool)],
    ['Auto-pick', pool.auto_pick ? 'On' : 'Off'],
    ['Missed pick', missedPickText(pool)],
    ['Deadline', `${nflLockText(pool)}; each pick locks at its kickoff`],
    ['Picks shown', "At each week's deadline"],
  ];
}

function WayIn({ pool, viewer, onLogin }: { pool: PoolDetails; viewer: PoolViewer; onLogin: () => void }) {
  const [signingUp, setSigningUp] = useState(false);
  if (!viewer.signed_in) {
    return (
      <Stack gap="xs" role="group" aria-label="Log in to play">
        <Text size="sm">Log in or create an account to enter this pool and make your picks.</Text>
        <Group gap="sm">
          <Button onClick={onLogin}>LOG IN</Button>
          <Anchor component={Link} to="/register" size="sm" fw={600}>
            Create an account
          </Anchor>
        </Group>
      </Stack>
    );
  }
  const adding = viewer.entries.length > 0;
  if (viewer.can_register) {
    return (
      <>
        {signingUp && (
          <Suspense fallback={null}>
            <SignUpModal
              pool={{ ...pool, bonus_active: pool.bonus_active && !pool.bonus_disabled }}
              addEntry={adding}
              onClose={() => setSigningUp(false)}
            />
          </Suspense>
        )}
        <Button fullWidth onClick={() => setSigningUp(true)}>
          {adding ? 'ADD ENTRY' : 'SIGN UP!'}
        </Button>
      </>
    );
  }
  return <Text size="sm">{whyClosed(pool, viewer)}</Text>;
}

/** Why a signed-in viewer cannot enter (or add an entry) right now. */
function whyClosed(pool: PoolDetails, viewer: PoolViewer): string {
  if (pool.state === 'concluded') return POOL_MESSAGES.concluded;
  if (viewer.entries.length >= pool.max_entries) return POOL_MESSAGES.maxEntries(pool.max_entries);
  if (pool.state !== 'open') return POOL_MESSAGES.deadlinePassed;
  if (!pool.is_global && !viewer.is_member) return POOL_MESSAGES.membersOnly;
  return 'Entry is closed for this pool.';
}
