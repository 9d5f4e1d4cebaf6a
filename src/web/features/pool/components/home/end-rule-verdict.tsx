import { Alert, Button, Stack, Text } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { errorMessage } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import { useCrownByEndRule } from '../../api/end-rule';

/**
 * Commish's Desk, for the league's admins: the end rule's verdict and the button that crowns it (a pool
 * that crowns by the commissioner), or the notice that a result was corrected after the crowning.
 */
export function EndRuleVerdict({ pool, viewer }: { pool: PoolDetails; viewer: PoolViewer }) {
  const crown = useCrownByEndRule();
  const ended = pool.ended;
  if (!viewer.is_league_admin || !ended) return null;
  if (ended.crowned_at) {
    if (!ended.corrected_at) return null;
    return (
      <Alert color="orange" variant="light" mb="sm" title="A result was corrected after the crowning">
        The corrected result would have decided the pool otherwise. The crowning stands; Manage Entrants and
        Split Prizes can set things right by hand.
      </Alert>
    );
  }
  if (pool.final) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="sm"
      title="The end rule crowns"
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          {ended.reason.charAt(0).toUpperCase() + ended.reason.slice(1)} (
          {ended.champions === 1 ? '1 champion' : `${ended.champions.toLocaleString('en-US')} champions`}).
          Crowning splits the prizes left among them and closes the pool.
        </Text>
        {crown.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(crown.error)}
          </Text>
        )}
        <Button
          color="yellow.8"
          loading={crown.isPending}
          disabled={crown.isPending}
          onClick={() =>
            crown.mutate(
              { poolId: pool.id },
              { onSuccess: (answer) => notify({ title: 'Champions crowned', message: answer.message }) },
            )
          }
        >
          Crown champions
        </Button>
      </Stack>
    </Alert>
  );
}
