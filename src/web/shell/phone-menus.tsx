import { Divider, NavLink, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { GAME_NAMES } from '../../core/games';
import { useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import {
  ALA_LINKS,
  LEAGUE_LINKS,
  MENU_GAMES,
  type MenuLink,
  useGameLinks,
  useYourLeagues,
  useYourPools,
} from './menu-parts';

/** "Your Pools" / "Your Leagues" in the drawer: the links, or a way to log in, or "none yet". */
function YourLinks({ label, links, empty }: { label: string; links: MenuLink[]; empty: string }) {
  const { user } = useCurrentUser();
  const { openLogin } = useLoginModal();
  return (
    <>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" px="sm" pt={4}>
        {label}
      </Text>
      {!user ? (
        <NavLink label={`Log in to see ${label.toLowerCase()}`} onClick={() => openLogin()} />
      ) : links.length === 0 ? (
        <NavLink label={empty} disabled aria-disabled />
      ) : (
        links.map((link) => <NavLink key={link.key} component={Link} to={link.to} label={link.label} />)
      )}
    </>
  );
}

function GameSection({ game }: { game: (typeof MENU_GAMES)[number] }) {
  const links = useGameLinks(game);
  const mine = useYourPools(game);
  return (
    <NavLink label={GAME_NAMES[game]} fw={700} childrenOffset="sm">
      {links.map((link) =>
        link.to === undefined ? (
          <NavLink key={link.key} label={link.label} disabled role="link" aria-disabled />
        ) : (
          <NavLink key={link.key} component={Link} to={link.to} label={link.label} />
        ),
      )}
      <YourLinks label="Your Pools" links={mine} empty="(no pools found)" />
    </NavLink>
  );
}

/**
 * The header's menus (each game, Leagues, ALA) for the phone's drawer, where the header has room for
 * only Menu and the avatar. Each opens in place; following a link closes the drawer.
 */
export function PhoneMenus() {
  const leagues = useYourLeagues();
  return (
    <Stack gap={0} component="nav" aria-label="Site menus">
      {MENU_GAMES.map((game) => (
        <GameSection key={game} game={game} />
      ))}
      <NavLink label="Leagues" fw={700} childrenOffset="sm">
        <YourLinks label="Your Leagues" links={leagues} empty="(no leagues yet)" />
        {LEAGUE_LINKS.map((link) => (
          <NavLink key={link.key} component={Link} to={link.to} label={link.label} />
        ))}
      </NavLink>
      <NavLink label="ALA" fw={700} childrenOffset="sm">
        {ALA_LINKS.map((link) => (
          <NavLink
            key={link.key}
            component="a"
            href={link.href}
            target="_blank"
            rel="noreferrer"
            label={link.label}
          />
        ))}
      </NavLink>
      <NavLink component={Link} to="/getstarted" label="Jump In" fw={700} />
      <Divider my="xs" />
    </Stack>
  );
}
