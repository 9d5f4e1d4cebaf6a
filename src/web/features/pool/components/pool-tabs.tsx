import { lazy, type ReactNode } from 'react';
import type { LoadPoolResponse, MyEntry } from '../../../../core/contracts/pools';
import type { PoolAddress } from '../../../lib/query-keys';

/** What every tab is drawn from: the pool's answer, its address, the Active Entry and the login prompt. */
export interface PoolTabContext {
  data: LoadPoolResponse;
  address: PoolAddress;
  activeEntry: MyEntry | null;
  onLogin: () => void;
}

// Every tab is a chunk of its own, loaded when shown (or preloaded while the pool loads), so that a deep link
// to a tab does not load Home. scripts/bundle-size.mjs measures the pool page with each of these imports.
const load = {
  home: () => import('./home/pool-home'),
  howtoplay: () => import('./how-to-play'),
  makepicks: () => import('./make-picks/make-picks-tab'),
  scoreboard: () => import('./scoreboard/scoreboard-tab'),
  standings: () => import('./standings/standings-tab'),
  bonuses: () => import('./bonuses/bonuses-tab'),
  finances: () => import('./finances/finances-tab'),
  commishtools: () => import('./commish/commish-tools-tab'),
};

export type PoolTabKey = keyof typeof load;

const PoolHome = lazy(() => load.home().then((m) => ({ default: m.PoolHome })));
const HowToPlay = lazy(() => load.howtoplay().then((m) => ({ default: m.HowToPlay })));
const MakePicksTab = lazy(() => load.makepicks().then((m) => ({ default: m.MakePicksTab })));
const ScoreboardTab = lazy(() => load.scoreboard().then((m) => ({ default: m.ScoreboardTab })));
const StandingsTab = lazy(() => load.standings().then((m) => ({ default: m.StandingsTab })));
const BonusesTab = lazy(() => load.bonuses().then((m) => ({ default: m.BonusesTab })));
const FinancesTab = lazy(() => load.finances().then((m) => ({ default: m.FinancesTab })));
const CommishToolsTab = lazy(() => load.commishtools().then((m) => ({ default: m.CommishToolsTab })));

type EntryTab = typeof ScoreboardTab | typeof StandingsTab | typeof BonusesTab | typeof FinancesTab;

/** A tab drawn from the pool, the viewer and the Active Entry. */
const entryTab =
  (Tab: EntryTab) =>
  ({ data, activeEntry }: PoolTabContext) => (
    <Tab pool={data.pool} viewer={data.viewer} activeEntry={activeEntry} />
  );

/**
 * The pool page's tabs in their order: the key is the tab's sub-path (Home is also the pool's own address),
 * and the Commish tools are for the league's admins.
 */
export const POOL_TABS: {
  key: PoolTabKey;
  label: string;
  adminOnly?: boolean;
  render: (tab: PoolTabContext) => ReactNode;
}[] = [
  {
    key: 'home',
    label: 'Home',
    render: ({ data, address, activeEntry, onLogin }) => (
      <PoolHome data={data} address={address} activeEntry={activeEntry} onLogin={onLogin} />
    ),
  },
  { key: 'howtoplay', label: 'How to play', render: ({ data }) => <HowToPlay pool={data.pool} /> },
  {
    key: 'makepicks',
    label: 'Make picks',
    render: ({ data, activeEntry, onLogin }) => (
      <MakePicksTab pool={data.pool} viewer={data.viewer} activeEntry={activeEntry} onLogin={onLogin} />
    ),
  },
  {
    key: 'scoreboard',
    label: 'Scoreboard',
    render: entryTab(ScoreboardTab),
  },
  {
    key: 'standings',
    label: 'Standings',
    render: entryTab(StandingsTab),
  },
  {
    key: 'bonuses',
    label: 'Bonuses',
    render: entryTab(BonusesTab),
  },
  {
    key: 'finances',
    label: 'Finances',
    render: entryTab(FinancesTab),
  },
  {
    key: 'commishtools',
    label: 'Commish tools',
    adminOnly: true,
    render: ({ data }) => <CommishToolsTab pool={data.pool} viewer={data.viewer} />,
  },
];

/** Starts loading a tab's code (while the pool's answer is on its way). */
export function preloadPoolTab(key: PoolTabKey): void {
  void load[key]();
}
