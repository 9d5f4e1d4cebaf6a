import { Tabs } from '@mantine/core';
import { lazy, useState } from 'react';
import type { LeagueView } from '../../../../core/contracts/leagues';
import { loadBoundary } from '../../../components/load-state';
import { JoinRequests } from './join-requests';
import { LeagueDetailsForm } from './league-details-form';

// The rich-text editor is heavy; only commissioners who open this tab download it.
const EmailLeague = lazy(() => import('./email-league'));

/** League-scope commissioner tools: details, join requests and league e-mail. */
export function CommishTools({ view }: { view: LeagueView }) {
  const [tab, setTab] = useState<string | null>('details');
  return (
    <Tabs value={tab} onChange={setTab} variant="pills" keepMounted={false}>
      <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
        <Tabs.Tab value="details">League Details</Tabs.Tab>
        <Tabs.Tab value="requests">Requests to Join</Tabs.Tab>
        <Tabs.Tab value="email">Email League</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">
        <LeagueDetailsForm view={view} />
      </Tabs.Panel>
      <Tabs.Panel value="requests">
        <JoinRequests leagueId={view.league.id} />
      </Tabs.Panel>
      <Tabs.Panel value="email">
        {loadBoundary({
          loading: 'Loading editor',
          failed: 'Could not show the editor',
          children: <EmailLeague leagueId={view.league.id} />,
        })}
      </Tabs.Panel>
    </Tabs>
  );
}
