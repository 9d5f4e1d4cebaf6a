import { Stack, Text, Title } from '@mantine/core';
import type { PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import { EmailComposer } from '../../../../components/rich-text/email-composer';
import { useEmailPool } from '../../api/money';

/** The Commish tools' Email Pool: a rich-text e-mail to every entrant of the pool, sent by the server. */
export function EmailPoolTool({ pool }: { pool: PoolDetails; viewer: PoolViewer }) {
  const send = useEmailPool();
  return (
    <Stack gap="sm">
      <Title order={3}>Email Pool</Title>
      <Text size="sm" c="dark.4">
        Write to every entrant of {pool.name}: each person gets it once, whatever their number of entries,
        signed as sent by you for the league.
      </Text>
      <EmailComposer
        send={(content) => send.mutateAsync({ ...content, umbrella: 'pool', umbrellaId: pool.id })}
      />
    </Stack>
  );
}
