import { Page } from '../components/page';
import { LeagueNotFound } from '../features/leagues/components/league-not-found';

export default function LeagueNotFoundPage() {
  return (
    <Page title="League not found">
      <LeagueNotFound />
    </Page>
  );
}
