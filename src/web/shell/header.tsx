import { ActionIcon, Avatar, Button, Group, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMenu2,
} from '@tabler/icons-react';
import { type ComponentPropsWithRef, lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../core/contracts/auth';
import { GAME_NAMES } from '../../core/games';
import { poolAddressOf, poolPagePath } from '../../core/pool/identity';
import { useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import { PicksDueBadge } from '../features/picks-due/components/picks-due-badge';
import { useUserProfile } from '../features/profile/api/profile';
import { currentSeasonOf, useSeasonIndex } from '../features/seasons/api/season-index';

export const MENU_GAMES = ['nba', 'mlb', 'nfl-td'] as const;
export type MenuGame = (typeof MENU_GAMES)[number];

// The menus (Mantine's Menu, its popover and floating-ui) load right after start-up, not in it:
// their buttons show meanwhile.
const loadMenus = () => import('./header-menus');
void loadMenus();
const GameMenu = lazy(() => loadMenus().then((module) => ({ default: module.GameMenu })));
const LeaguesMenu = lazy(() => loadMenus().then((module) => ({ default: module.LeaguesMenu })));
const AlaMenu = lazy(() => loadMenus().then((module) => ({ default: module.AlaMenu })));
const UserMenu = lazy(() => loadMenus().then((module) => ({ default: module.UserMenu })));

// Menu.Target hands its child a ref and the open/close handlers: they must reach the button.
export function MenuTarget({ label, ...props }: { label: string } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton px="xs" py={6} fw={700} fz="sm" c="white" style={{ whiteSpace: 'nowrap' }} {...props}>
      <Group gap={2} wrap="nowrap">
        {label} <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** The user menu's button: avatar and name. */
export function UserButton({
  user,
  isPhone,
  ...props
}: { user: CurrentUser; isPhone: boolean } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton aria-label="User menu" {...props}>
      <Group gap={6} wrap="nowrap">
        <Avatar src={user.photo_url} alt="" radius="xl" size="sm" color="yellow" variant="filled">
          {user.username.slice(0, 2).toUpperCase()}
        </Avatar>
        {!isPhone && (
          <Text c="white" fw={700} size="sm" visibleFrom="md">
            {user.username}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** A link of the header menus: the same entries on a wide screen and in the phone's drawer. */
export interface MenuLink {
  key: string;
  label: string;
  to: string;
}

/** The game menu's fixed links: the global ALA pool and the hub filtered on the game. */
export function useGameLinks(game: MenuGame): MenuLink[] {
  const seasons = useSeasonIndex();
  return [
    {
      key: 'ala',
      label: 'Global ALA Pool',
      to: `/${game}/ala/${currentSeasonOf(seasons.data, game)}/reg/0`,
    },
    { key: 'all', label: 'All Pools', to: `/leagues/allpools/${game}` },
  ];
}

/** The signed-in user's pools of a game, newest season first, one per league season. */
export function useYourPools(game: MenuGame): MenuLink[] {
  const { user } = useCurrentUser();
  const profile = useUserProfile(user?.username);
  const leagueNames = new Map((profile.data?.leagues ?? []).map((l) => [l.league_id, l.league_name]));
  const mine = [
    ...new Map(
      (profile.data?.userSeasons ?? [])
        .filter((entry) => entry.game === game)
        .sort((a, b) => b.season - a.season)
        .map((entry) => [entry.league_season, entry]),
    ).values(),
  ];
  return mine.map((entry) => ({
    key: String(entry.league_season),
    label: `${leagueNames.get(entry.league_id) ?? entry.league_abb} ${entry.season}${entry.pool_idx > 0 ? ` #${entry.pool_idx + 1}` : ''}`,
    to: poolPagePath(poolAddressOf(entry)),
  }));
}

/** The signed-in user's leagues. */
export function useYourLeagues(): MenuLink[] {
  const { user } = useCurrentUser();
  const profile = useUserProfile(user?.username);
  return (profile.data?.leagues ?? []).map((league) => ({
    key: String(league.league_id),
    label: league.league_name,
    to: `/league/${league.league_abb}`,
  }));
}

export const LEAGUE_LINKS: MenuLink[] = [
  { key: 'find', label: 'Find A League', to: '/leagues/find' },
  { key: 'create', label: 'Create a League', to: '/leagues/create' },
];

export const ALA_LINKS = [
  { key: 'ala', label: 'A Level Above', href: 'https://alevelabove.example' },
  { key: 'odds', label: 'Compare Betting Odds', href: 'https://oddscompare.example' },
];

/** The top bar: home, the game and league menus, and the user's menu or the login button. */
export function Header({
  onMenu,
  isPhone,
  sidebarCollapsed,
  onToggleSidebar,
}: {
  onMenu: () => void;
  isPhone: boolean;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
}) {
  const { user, isLoading } = useCurrentUser();
  const { openLogin } = useLoginModal();
  // A menu clicked before its code arrived opens as soon as it does.
  const [clicked, setClicked] = useState<string | null>(null);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" bg="navy.9">
      <Group gap="xs" wrap="nowrap">
        {!isPhone && (
          <ActionIcon
            variant="subtle"
            color="white"
            size="lg"
            onClick={onToggleSidebar}
            aria-label={sidebarCollapsed ? 'Show sidebar' : 'Hide sidebar'}
            title={sidebarCollapsed ? 'Show sidebar' : 'Hide sidebar'}
          >
            {sidebarCollapsed ? (
              <IconLayoutSidebarLeftExpand size={22} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={22} />
            )}
          </ActionIcon>
        )}
        {isPhone && (
          <Button
            variant="white"
            size="xs"
            leftSection={<IconMenu2 size={16} />}
            onClick={onMenu}
            aria-label="Menu"
          >
            Menu
          </Button>
        )}
        <Text
          component={Link}
          to="/"
          fw={900}
          c="white"
          fz="lg"
          style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
        >
          ALA Survivor
        </Text>
        {!isPhone && (
          <>
            <Button component={Link} to="/getstarted" size="xs" color="yellow.5" c="dark.9" visibleFrom="md">
              JUMP IN
            </Button>
            {MENU_GAMES.map((game) => (
              <Suspense
                key={game}
                fallback={<MenuTarget label={GAME_NAMES[game]} onClick={() => setClicked(game)} />}
              >
                <GameMenu game={game} defaultOpened={clicked === game} />
              </Suspense>
            ))}
            <Suspense fallback={<MenuTarget label="Leagues" onClick={() => setClicked('leagues')} />}>
              <LeaguesMenu defaultOpened={clicked === 'leagues'} />
            </Suspense>
            <Suspense fallback={<MenuTarget label="ALA" onClick={() => setClicked('ala')} />}>
              <AlaMenu defaultOpened={clicked === 'ala'} />
            </Suspense>
          </>
        )}
      </Group>
      {isLoading ? null : user ? (
        <Group gap="xs" wrap="nowrap">
          <PicksDueBadge username={user.username} />
          <Suspense
            fallback={<UserButton user={user} isPhone={isPhone} onClick={() => setClicked('user')} />}
          >
            <UserMenu user={user} isPhone={isPhone} defaultOpened={clicked === 'user'} />
          </Suspense>
        </Group>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="white" onClick={() => openLogin()}>
            Log in
          </Button>
          {!isPhone && (
            <Button size="xs" component={Link} to="/register" color="yellow.5" c="dark.9" visibleFrom="md">
              Register
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
