import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import type { CurrentUser } from '../../core/contracts/auth';
import { GAME_NAMES } from '../../core/games';
import { logout, useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import {
  ALA_LINKS,
  LEAGUE_LINKS,
  type MenuGame,
  MenuTarget,
  UserButton,
  useGameLinks,
  useYourLeagues,
  useYourPools,
} from './menu-parts';

// The header's menus (Mantine's Menu, its popover and floating-ui): loaded by header.tsx right after
// start-up, which shows their buttons meanwhile.

export function GameMenu({ game, defaultOpened }: { game: MenuGame; defaultOpened?: boolean }) {
  const { user } = useCurrentUser();
  const { openLogin } = useLoginModal();
  const links = useGameLinks(game);
  const mine = useYourPools(game);
  return (
    <Menu
      trigger="click-hover"
      openDelay={50}
      closeDelay={150}
      position="bottom-start"
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <MenuTarget label={GAME_NAMES[game]} />
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) =>
          link.to === undefined ? (
            <Menu.Item key={link.key} disabled>
              {link.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={link.key} component={Link} to={link.to}>
              {link.label}
            </Menu.Item>
          ),
        )}
        <Menu.Label>Your Pools</Menu.Label>
        {!user ? (
          <Menu.Item onClick={() => openLogin()}>Log in to see your pools</Menu.Item>
        ) : mine.length === 0 ? (
          <Menu.Item disabled>(no pools found)</Menu.Item>
        ) : (
          mine.map((link) => (
            <Menu.Item key={link.key} component={Link} to={link.to}>
              {link.label}
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

export function LeaguesMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { user } = useCurrentUser();
  const { openLogin } = useLoginModal();
  const leagues = useYourLeagues();
  return (
    <Menu
      trigger="click-hover"
      openDelay={50}
      closeDelay={150}
      position="bottom-start"
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <MenuTarget label="Leagues" />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your Leagues</Menu.Label>
        {!user && <Menu.Item onClick={() => openLogin()}>Log in to see your leagues</Menu.Item>}
        {user && leagues.length === 0 && <Menu.Item disabled>(no leagues yet)</Menu.Item>}
        {leagues.map((link) => (
          <Menu.Item key={link.key} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {LEAGUE_LINKS.map((link) => (
          <Menu.Item key={link.key} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function AlaMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  return (
    <Menu trigger="click-hover" position="bottom-start" defaultOpened={defaultOpened}>
      <Menu.Target>
        <MenuTarget label="ALA" />
      </Menu.Target>
      <Menu.Dropdown>
        {ALA_LINKS.map((link) => (
          <Menu.Item key={link.key} component="a" href={link.href} target="_blank" rel="noreferrer">
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function UserMenu({
  user,
  isPhone,
  defaultOpened,
}: {
  user: CurrentUser;
  isPhone: boolean;
  defaultOpened?: boolean;
}) {
  return (
    <Menu position="bottom-end" defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserButton user={user} isPhone={isPhone} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile">
          Profile
        </Menu.Item>
        <Menu.Item onClick={logout}>Logout</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
