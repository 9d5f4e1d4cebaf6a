import { ActionIcon, Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMenu2,
} from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { GAME_NAMES } from '../../../core/games';
import { logout, useCurrentUser } from '../../features/auth/api/session';
import { useLoginModal } from '../../features/auth/components/login-modal';
import { useUserProfile } from '../../features/profile/api/profile';
import { currentSeasonOf, useSeasonIndex } from '../../features/seasons/api/season-index';

const MENU_GAMES = ['nba', 'mlb', 'nfl-td'] as const;

// Menu.Target hands its child a ref and the open/close handlers: they must reach the button.
function MenuTarget({ label, ...props }: { label: string } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton px="xs" py={6} fw={700} fz="sm" c="white" style={{ whiteSpace: 'nowrap' }} {...props}>
      <Group gap={2} wrap="nowrap">
        {label} <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

function GameMenu({ game }: { game: (typeof MENU_GAMES)[number] }) {
  const seasons = useSeasonIndex();
  const { user } = useCurrentUser();
  const { openLogin } = useLoginModal();
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
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start">
      <Menu.Target>
        <MenuTarget label={GAME_NAMES[game]} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={`/${game}/ala/${currentSeasonOf(seasons.data, game)}/reg/0`}>
          Global ALA Pool
        </Menu.Item>
        <Menu.Item component={Link} to={`/leagues/allpools/${game}`}>
          All Pools
        </Menu.Item>
        <Menu.Label>Your Pools</Menu.Label>
        {!user ? (
          <Menu.Item onClick={() => openLogin()}>Log in to see your pools</Menu.Item>
        ) : mine.length === 0 ? (
          <Menu.Item disabled>(no pools found)</Menu.Item>
        ) : (
          mine.map((entry) => (
            <Menu.Item
              key={entry.league_season}
              component={Link}
              to={`/${entry.game}/${entry.league_abb}/${entry.season}/${entry.season_type}/${entry.pool_idx}`}
            >
              {leagueNames.get(entry.league_id) ?? entry.league_abb} {entry.season}
              {entry.pool_idx > 0 ? ` #${entry.pool_idx + 1}` : ''}
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function LeaguesMenu() {
  const { user } = useCurrentUser();
  const { openLogin } = useLoginModal();
  const profile = useUserProfile(user?.username);
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start">
      <Menu.Target>
        <MenuTarget label="Leagues" />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your Leagues</Menu.Label>
        {!user && <Menu.Item onClick={() => openLogin()}>Log in to see your leagues</Menu.Item>}
        {user && (profile.data?.leagues ?? []).length === 0 && (
          <Menu.Item disabled>(no leagues yet)</Menu.Item>
        )}
        {(profile.data?.leagues ?? []).map((league) => (
          <Menu.Item key={league.league_id} component={Link} to={`/league/${league.league_abb}`}>
            {league.league_name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/leagues/find">
          Find A League
        </Menu.Item>
        <Menu.Item component={Link} to="/leagues/create">
          Create a League
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

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
              <GameMenu key={game} game={game} />
            ))}
            <LeaguesMenu />
            <Menu trigger="click-hover" position="bottom-start">
              <Menu.Target>
                <MenuTarget label="ALA" />
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component="a" href="https://alevelabove.example" target="_blank" rel="noreferrer">
                  A Level Above
                </Menu.Item>
                <Menu.Item component="a" href="https://oddscompare.example" target="_blank" rel="noreferrer">
                  Compare Betting Odds
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </>
        )}
      </Group>
      {isLoading ? null : user ? (
        <Menu position="bottom-end">
          <Menu.Target>
            <UnstyledButton aria-label="User menu">
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
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to="/profile">
              Profile
            </Menu.Item>
            <Menu.Item onClick={logout}>Logout</Menu.Item>
          </Menu.Dropdown>
        </Menu>
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
