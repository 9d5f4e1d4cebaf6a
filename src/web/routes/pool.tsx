import { Alert, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { GAME_NAMES, GameSchema, notPlayableNotice, SeasonTypeSchema } from '../../core/games';
import { useLoginModal } from '../features/auth/components/login-modal';
import { useLoadPool } from '../features/pool/api/pool';
import { PoolShell, preloadPoolHome } from '../features/pool/components/pool-shell';
import { errorMessage } from '../lib/api';
import type { PoolAddress } from '../lib/query-keys';
import { ComingSoon } from './coming-soon';
import NotFoundPage from './not-found';

/** /{game}/{leagueAbb}/{season}/{seasonType}/{poolIdx}/{tab?}: a pool page, or not found. */
export default function PoolRoutePage() {
  const {
    game = '',
    leagueAbb = '',
    season = '',
    seasonType = '',
    poolIdx = '',
    '*': rest = '',
  } = useParams();
  const parsed = GameSchema.safeParse(game);
  if (!parsed.success) return <NotFoundPage />;
  const notice = notPlayableNotice(parsed.data);
  if (notice) return <ComingSoon title={`${GAME_NAMES[parsed.data]} Pool`} message={notice} />;
  // An address that cannot name a pool is not asked for.
  if (
    !/^\d{4}$/.test(season) ||
    !/^\d{1,3}$/.test(poolIdx) ||
    !SeasonTypeSchema.safeParse(seasonType).success
  ) {
    return <NotFoundPage />;
  }
  return (
    <PoolLoader
      address={{ game: parsed.data, leagueAbb, season, seasonType, poolIdx }}
      tab={rest.split('/')[0]}
      subTab={rest.split('/')[1] ?? ''}
    />
  );
}

function PoolLoader({ address, tab, subTab }: { address: PoolAddress; tab: string; subTab: string }) {
  const pool = useLoadPool(address);
  const { openLogin } = useLoginModal();
  // Home's code loads while the pool does, not after it.
  useEffect(() => {
    if (!tab || tab.toLowerCase() === 'home') preloadPoolHome();
  }, [tab]);
  if (pool.isLoading) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-label="loading pool" />
          <Text c="dark.4">loading pool</Text>
        </Stack>
      </Center>
    );
  }
  if (pool.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load this pool">
        {errorMessage(pool.error)}
      </Alert>
    );
  }
  if (!pool.data) return <NotFoundPage />;
  return (
    <Container size="xl" px={0}>
      <PoolShell data={pool.data} address={address} tab={tab} subTab={subTab} onLogin={() => openLogin()} />
    </Container>
  );
}
