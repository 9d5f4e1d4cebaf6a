import { Card, Loader, Text, Title } from '@mantine/core';
import { Page } from '../components/page';
import { useCurrentUser } from '../features/auth/api/session';
import { FeedHealthTable } from '../features/feeds/components/feed-health-table';
import { ResultEditor } from '../features/feeds/components/result-editor';
import { SettlementJobs } from '../features/feeds/components/settlement-jobs';
import { currentSeasonOf, useSeasonIndex } from '../features/seasons/api/season-index';

/** Site admins watch the sports feeds and the pools' settlement jobs, and enter or correct results. */
export default function AdminFeedsPage() {
  const { user, isLoading } = useCurrentUser();
  const seasons = useSeasonIndex();
  if (isLoading) return <Loader m="xl" aria-label="Loading" />;
  if (!user?.siteAdmin) {
    return (
      <Page title="Sports Feeds">
        <Text>Only site admins can see this page.</Text>
      </Page>
    );
  }
  return (
    <Page
      title="Sports Feeds"
      subtitle="Feed health, the pools' settlement jobs, and results entered or corrected by hand (every change is audited)."
    >
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          Feed health
        </Title>
        <FeedHealthTable />
      </Card>
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          Settlement jobs
        </Title>
        <SettlementJobs />
      </Card>
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          Enter or correct a result
        </Title>
        {seasons.data ? <ResultEditor defaultSeason={currentSeasonOf(seasons.data, 'mlb')} /> : <Loader />}
      </Card>
    </Page>
  );
}
