import { Text } from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import type { LeagueView } from '../../../../core/contracts/leagues';
import { LeagueHome } from './league-home';

/** What every tab is drawn from: the league, the login prompt and the Create Pool form the route composes in. */
export interface LeagueTabContext {
  view: LeagueView;
  onLogin: () => void;
  /** The Create Pool tab's content (features do not import each other). */
  createPool?: ReactNode;
}

// Home is the first view (and is rendered on the server), so it comes with the page; the other tabs are chunks
// of their own, loaded when shown. scripts/bundle-size.mjs measures the league page with each of these imports.
const load = {
  members: () => import('./league-members'),
  settings: () => import('./league-settings'),
  commishtools: () => import('./commish-tools'),
};

const LeagueMembers = lazy(() => load.members().then((m) => ({ default: m.LeagueMembers })));
const LeagueSettings = lazy(() => load.settings().then((m) => ({ default: m.LeagueSettings })));
const CommishTools = lazy(() => load.commishtools().then((m) => ({ default: m.CommishTools })));

export type LeagueTabKey = 'home' | 'createpool' | 'members' | 'rankings' | 'settings' | 'commishtools';

/**
 * The league page's tabs in their order: the key is the tab's sub-path (Home is also the league's own
 * address); Settings are for members and the Commish Tools for the league's admins.
 */
export const LEAGUE_TABS: {
  key: LeagueTabKey;
  label: string;
  show: (view: LeagueView) => boolean;
  render: (tab: LeagueTabContext) => ReactNode;
}[] = [
  {
    key: 'home',
    label: 'League Home',
    show: () => true,
    render: ({ view, onLogin }) => <LeagueHome view={view} onLogin={onLogin} />,
  },
  { key: 'createpool', label: 'Create Pool', show: () => true, render: ({ createPool }) => createPool },
  {
    key: 'members',
    label: 'Members',
    show: () => true,
    render: ({ view }) => <LeagueMembers view={view} />,
  },
  {
    key: 'rankings',
    label: 'Rankings',
    show: () => true,
    render: () => <Text>Coming Soon - This page is under construction.</Text>,
  },
  {
    key: 'settings',
    label: 'Settings',
    show: (view) => view.viewer.isMember,
    render: ({ view }) => <LeagueSettings view={view} />,
  },
  {
    key: 'commishtools',
    label: 'Commish Tools',
    show: (view) => view.viewer.isAdmin,
    render: ({ view }) => <CommishTools view={view} />,
  },
];
