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
};

const PoolHome = lazy(() => load.home().then((m) => ({ default: m.PoolHome })));
const HowToPlay = lazy(() => load.howtoplay().then((m) => ({ default: m.HowToPlay })));
const MakePicksTab = lazy(() => load.makepicks().then((m) => ({ default: m.MakePicksTab })));
const ScoreboardTab = lazy(() => load.scoreboard().then((m) => ({ default: m.ScoreboardTab })));
const StandingsTab = lazy(() => load.standings().then((m) => ({ default: m.StandingsTab })));
const BonusesTab = lazy(() => load.bonuses().then((m) => ({ default: m.BonusesTab })));
const FinancesTab = lazy(() => load.finances().then((m) => ({ default: m.FinancesTab })));

type EntryTab = typeof ScoreboardTab | typeof StandingsTab | typeof BonusesTab | typeof FinancesTab;

/** A tab drawn from the pool, the viewer and the Active Entry. */
const entryTab =
  (Tab: EntryTab) =>
  ({ data, activeEntry }: PoolTabContext) => (
    <Tab pool={data.pool} viewer={data.viewer} activeEntry={activeEntry} />
  );

/** A tab of the pool page: the key is its sub-path (Home is also the pool's own address). */
export interface PoolTab {
  key: string;
  label: string;
  /** Shown to the league's admins only. */
  adminOnly?: boolean;
  /** Loads the tab's code: started while the pool's answer is on its way. */
  load: () => Promise<unknown>;
  render: (tab: PoolTabContext) => ReactNode;
}

/**
 * The pool's own tabs in their order. The page (routes/pool.tsx) adds the Commish tools, a feature of their
 * own, after them.
 */
export const POOL_TABS: readonly PoolTab[] = [
  {
    key: 'home',
    label: 'Home',
    load: load.home,
    render: ({ data, address, activeEntry, onLogin }) => (
      <PoolHome data={data} address={address} activeEntry={activeEntry} onLogin={onLogin} />
    ),
  },
  {
    key: 'howtoplay',
    label: 'How to play',
    load: load.howtoplay,
    render: ({ data }) => <HowToPlay pool={data.pool} />,
  },
  {
    key: 'makepicks',
    label: 'Make picks',
    load: load.makepicks,
    render: ({ data, activeEntry, onLogin }) => (
      <MakePicksTab pool={data.pool} viewer={data.viewer} activeEntry={activeEntry} onLogin={onLogin} />
    ),
  },
  {
    key: 'scoreboard',
    label: 'Scoreboard',
    load: load.scoreboard,
    render: entryTab(ScoreboardTab),
  },
  {
    key: 'standings',
    label: 'Standings',
    load: load.standings,
    render: entryTab(StandingsTab),
  },
  {
    key: 'bonuses',
    label: 'Bonuses',
    load: load.bonuses,
    render: entryTab(BonusesTab),
  },
  {
    key: 'finances',
    label: 'Finances',
    load: load.finances,
    render: entryTab(FinancesTab),
  },
];
