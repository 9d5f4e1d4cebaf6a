import { ActionIcon, Box, Button, Group, Text } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconMenu2 } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { GAME_NAMES } from '../../core/games';
import { useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import { PicksDueBadge } from '../features/picks-due/components/picks-due-badge';
import { MENU_GAMES, MenuTarget, UserButton } from './menu-parts';

// The menus (Mantine's Menu, its popover and floating-ui) load right after start-up, not in it:
// their buttons show meanwhile.
const loadMenus = () => import('./header-menus');
void loadMenus();
const GameMenu = lazy(() => loadMenus().then((module) => ({ default: module.GameMenu })));
const LeaguesMenu = lazy(() => loadMenus().then((module) => ({ default: module.LeaguesMenu })));
const AlaMenu = lazy(() => loadMenus().then((module) => ({ default: module.AlaMenu })));
const UserMenu = lazy(() => loadMenus().then((module) => ({ default: module.UserMenu })));

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
            {/* Four game menus leave a tablet's width no room for these two: below lg their links are the
                sidebar's (All Pools & Leagues, ALA). */}
            <Box visibleFrom="lg">
              <Suspense fallback={<MenuTarget label="Leagues" onClick={() => setClicked('leagues')} />}>
                <LeaguesMenu defaultOpened={clicked === 'leagues'} />
              </Suspense>
            </Box>
            <Box visibleFrom="lg">
              <Suspense fallback={<MenuTarget label="ALA" onClick={() => setClicked('ala')} />}>
                <AlaMenu defaultOpened={clicked === 'ala'} />
              </Suspense>
            </Box>
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
