// The header's menu pieces shared by the header, its lazily loaded menus and the phone's drawer.
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import type { CurrentUser } from '../../core/contracts/auth';
import { poolAddressOf, poolPagePath } from '../../core/pool/identity';
import { useCurrentUser } from '../features/auth/api/session';
import { useUserProfile } from '../features/profile/api/profile';
import { globalPoolPathOf, useSeasonIndex } from '../features/seasons/api/season-index';

export const MENU_GAMES = ['nba', 'mlb', 'nfl-td', 'nfl'] as const;
export type MenuGame = (typeof MENU_GAMES)[number];

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

/** A game menu's fixed link; `to` is undefined while its address is not known yet (it shows disabled). */
export type GameMenuLink = Omit<MenuLink, 'to'> & { to: string | undefined };

/** The game menu's fixed links: the global ALA pool and the hub filtered on the game. */
export function useGameLinks(game: MenuGame): GameMenuLink[] {
  const seasons = useSeasonIndex();
  return [
    { key: 'ala', label: 'Global ALA Pool', to: globalPoolPathOf(seasons, game) },
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
