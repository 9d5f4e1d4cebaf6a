import { Grid, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { LoadPoolResponse, MyEntry } from '../../../../../core/contracts/pools';
import { HydrateWhenVisible } from '../../../../components/hydrate-when-visible';
import type { PoolAddress } from '../../../../lib/query-keys';
import { EntryQuickview } from './entry-quickview';
import { HomeHeader } from './home-header';
import { ManageEntryCard } from './manage-entry';
import { PoolDetailsCard } from './pool-details';
import { PoolSelections } from './pool-selections';
import { YourSelections } from './your-selections';

// The cards below the fold on a phone and on a desk load apart and draw after the ones above it: the
// first paint waits neither for their code nor for their rendering. Under the server's HTML they (and Pool
// Selections, below the fold on a phone) are hydrated only when scrolled to (HydrateWhenVisible).
const BonusLeaderboardCard = lazy(() =>
  import('./bonus-leaderboard').then((module) => ({ default: module.BonusLeaderboardCard })),
);
const CommishDeskCard = lazy(() =>
  import('./commish-desk').then((module) => ({ default: module.CommishDeskCard })),
);
const NewsFeedCard = lazy(() => import('./news-feed').then((module) => ({ default: module.NewsFeedCard })));
const PoolHealthCard = lazy(() =>
  import('./pool-health').then((module) => ({ default: module.PoolHealthCard })),
);

/**
 * The pool's Home tab: the cards that need no settlement. On a phone the way in (details with sign-up)
 * comes right after the welcome, then the viewer's own entries, then the pool's selections.
 */
export function PoolHome({
  data,
  address,
  activeEntry,
  onLogin,
}: {
  data: LoadPoolResponse;
  address: PoolAddress;
  activeEntry: MyEntry | null;
  onLogin: () => void;
}) {
  const { pool, viewer } = data;
  return (
    <Grid gap="md">
      <Grid.Col span={12} order={1}>
        <HomeHeader pool={pool} viewer={viewer} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 2, md: 3 }}>
        <Stack gap="md">
          <PoolDetailsCard pool={pool} viewer={viewer} onLogin={onLogin} />
          <EntryQuickview pool={pool} entries={viewer.entries} />
          <ManageEntryCard pool={pool} viewer={viewer} activeEntry={activeEntry} />
          <HydrateWhenVisible>
            <Suspense fallback={null}>
              <CommishDeskCard pool={pool} viewer={viewer} activeEntry={activeEntry} />
              <BonusLeaderboardCard pool={pool} viewer={viewer} activeEntry={activeEntry} />
            </Suspense>
          </HydrateWhenVisible>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 3, md: 2 }}>
        <Stack gap="md">
          {activeEntry && <YourSelections pool={pool} entry={activeEntry} />}
          <HydrateWhenVisible>
            <PoolSelections pool={pool} address={address} />
          </HydrateWhenVisible>
          <HydrateWhenVisible>
            <Suspense fallback={null}>
              <PoolHealthCard pool={pool} viewer={viewer} activeEntry={activeEntry} />
              <NewsFeedCard pool={pool} viewer={viewer} activeEntry={activeEntry} />
            </Suspense>
          </HydrateWhenVisible>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
