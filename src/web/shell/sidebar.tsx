import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Collapse,
  Divider,
  Group,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconBallAmericanFootball,
  IconBallBaseball,
  IconBallBasketball,
  IconBallFootball,
  IconChevronDown,
  IconChevronRight,
  IconExternalLink,
  IconLogout,
  IconTrophy,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { notPlayableNotice } from '../../core/games';
import { ENTRY_STATUS } from '../../core/pool/entry-status';
import { poolAddressOf, poolPagePath } from '../../core/pool/identity';
import { logout, useCurrentUser } from '../features/auth/api/session';
import { useLoginModal } from '../features/auth/components/login-modal';
import { PicksDueNav } from '../features/picks-due/components/picks-due-nav';
import { useUserProfile } from '../features/profile/api/profile';
import {
  currentSeasonOf,
  globalPoolPathOf,
  hasPendingSeason,
  useSeasonIndex,
} from '../features/seasons/api/season-index';
import { apiFetch } from '../lib/api';
import { changelogKeys } from '../lib/query-keys';
import { GAME_COLORS } from '../theme';
import { sidebarSectionOf } from './sidebar-section';

const MAX_ACTIVE_POOLS = 3;

/** The sidebar of every page; `onNavigate` closes the phone drawer after a tap. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const seasons = useSeasonIndex();
  const season = (game: string) => currentSeasonOf(seasons.data, game);
  const { pathname } = useLocation();
  const current = sidebarSectionOf(pathname);
  const { user } = useCurrentUser();
  const link = (label: string, to: string) => (
    <SidebarLink key={to + label} label={label} to={to} onNavigate={onNavigate} />
  );
  const globalPoolLink = (game: string) => (
    <SidebarLink
      key={`global-${game}`}
      label="Global ALA Pool"
      to={globalPoolPathOf(seasons, game)}
      onNavigate={onNavigate}
    />
  );
  const createLink = (game: string) =>
    seasons.data && !hasPendingSeason(seasons.data, game) ? (
      <Text key={`create-${game}`} size="sm" c="dimmed" px="sm" py={4}>
        [back soon for {season(game) + 1}]
      </Text>
    ) : (
      link('Create a Pool', `/leagues/createpool/${game}`)
    );

  return (
    <Stack gap="xs" p="sm" component="nav" aria-label="Sidebar">
      <Group gap="xs" wrap="nowrap">
        <IconTrophy size={28} color="#c99a06" aria-hidden />
        <Text fw={900} size="sm" lh={1.1}>
          A LEVEL ABOVE SURVIVOR SERIES
        </Text>
      </Group>
      <UserBlock onNavigate={onNavigate} />
      <PicksDueNav username={user?.username} onNavigate={onNavigate} />
      <ActivePools onNavigate={onNavigate} />
      <Section
        title="MLB Survivor"
        color={GAME_COLORS.mlb}
        icon={<IconBallBaseball size={16} />}
        active={current === 'mlb'}
      >
        {globalPoolLink('mlb')}
        {createLink('mlb')}
        {link('Find a Pool', '/leagues/allpools/mlb')}
      </Section>
      <Section
        title="NBA Survivor"
        color={GAME_COLORS.nba}
        icon={<IconBallBasketball size={16} />}
        active={current === 'nba'}
      >
        {globalPoolLink('nba')}
        {createLink('nba')}
        {link('Find a Pool', '/leagues/allpools/nba')}
      </Section>
      <Section
        title="NFL TD Survivor"
        color={GAME_COLORS['nfl-td']}
        icon={<IconBallAmericanFootball size={16} />}
        active={current === 'nfl-td'}
      >
        {globalPoolLink('nfl-td')}
        {createLink('nfl-td')}
        {link('Find a Pool', '/leagues/allpools/nfl-td')}
      </Section>
      <Section
        title="NFL Survivor"
        color={GAME_COLORS.nfl}
        icon={<IconBallAmericanFootball size={16} />}
        active={current === 'nfl'}
      >
        {globalPoolLink('nfl')}
        {createLink('nfl')}
        {link('Find a Pool', '/leagues/allpools/nfl')}
      </Section>
      {/* World cup has no pools yet: its section shows only on its own pages, and says why. */}
      {current === 'world-cup' && (
        <Section
          title="World Cup"
          color={GAME_COLORS['world-cup']}
          icon={<IconBallFootball size={16} />}
          active
        >
          <Text size="sm" c="dimmed" px="sm" py={4}>
            {notPlayableNotice('world-cup')}
          </Text>
        </Section>
      )}
      <Section title="All Pools & Leagues" active={current === 'leagues'}>
        {link('All Pools', '/leagues/allpools')}
        {link('All Leagues', '/leagues/find')}
        {link('Create a Pool', '/leagues/createpool')}
        {link('Create a League', '/leagues/create')}
      </Section>
      <Section title="Learn More / FAQ" active={current === 'learn'}>
        {link('Get Started', '/getstarted')}
        {link('Learn More', '/getstarted/learnmore')}
        {link('How to Play', '/getstarted/howtoplay')}
        {link('Features', '/getstarted/features')}
      </Section>
      <ChangelogLinks onNavigate={onNavigate} active={current === 'updates'} />
      <Section title="ALA">
        <NavLink
          href="https://alevelabove.example"
          target="_blank"
          rel="noreferrer"
          label="A Level Above"
          rightSection={<IconExternalLink size={14} />}
          py={4}
        />
        <NavLink
          href="https://oddscompare.example"
          target="_blank"
          rel="noreferrer"
          label="Compare Betting Odds"
          rightSection={<IconExternalLink size={14} />}
          py={4}
        />
        <NavLink href="mailto:support@ala-survivor.example" label="Help / Contact" py={4} />
      </Section>
      <Text size="xs" c="dimmed" ta="center" mt="md">
        © {new Date().getFullYear()} A Level Above Survivor Series
      </Text>
    </Stack>
  );
}

/** A link of the sidebar, marked as the current page when it is. */
function SidebarLink({
  label,
  to,
  onNavigate,
  rightSection,
}: {
  label: string;
  /** Undefined while the address is not known yet: the link shows, disabled. */
  to: string | undefined;
  onNavigate?: () => void;
  rightSection?: ReactNode;
}) {
  const here = useLocation().pathname === to;
  // Mantine's disabled NavLink is an anchor without an address, marked only for its styles: the role and
  // aria-disabled make it a link that cannot be used yet, for assistive technology and for axe's contrast
  // rule (which exempts inactive controls), instead of greyed text.
  if (to === undefined)
    return <NavLink label={label} py={4} disabled role="link" aria-disabled rightSection={rightSection} />;
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      onClick={onNavigate}
      py={4}
      active={here}
      aria-current={here ? 'page' : undefined}
      rightSection={rightSection}
    />
  );
}

/** A titled group of links; the section of the current page is marked with a bar in its colour. */
function Section({
  title,
  color,
  icon,
  active = false,
  children,
}: {
  title: string;
  color?: string;
  icon?: ReactNode;
  active?: boolean;
  children: ReactNode;
}) {
  return (
    <Box>
      <Divider my={4} />
      <Box
        data-current-section={active || undefined}
        style={
          active
            ? {
                borderLeft: `3px solid ${color ?? 'var(--mantine-color-navy-8)'}`,
                background: 'var(--mantine-color-gray-0)',
                borderRadius: 'var(--mantine-radius-sm)',
              }
            : undefined
        }
      >
        <Group gap={6} px="sm" py={4}>
          {icon && (
            <Box c={color} style={{ display: 'flex' }}>
              {icon}
            </Box>
          )}
          <Text size="xs" fw={800} tt="uppercase" c={color ?? 'dark.6'}>
            {title}
          </Text>
        </Group>
        {children}
      </Box>
    </Box>
  );
}

function UserBlock({ onNavigate }: { onNavigate?: () => void }) {
  const { user, isLoading } = useCurrentUser();
  const { openLogin } = useLoginModal();
  if (isLoading) return <Text size="sm">Loading User Data ...</Text>;
  if (!user) {
    return (
      <Stack gap={6}>
        <Text size="sm">Sign in to view your pools!</Text>
        <Button size="xs" onClick={() => openLogin()}>
          LOG IN
        </Button>
        <Anchor component={Link} to="/register" size="sm" ta="center" onClick={onNavigate}>
          New here? Create an account
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={user.photo_url} alt={user.username} radius="xl" size="md" color="navy">
          {user.username.slice(0, 2).toUpperCase()}
        </Avatar>
        <Text fw={700} truncate>
          {user.username}
        </Text>
      </Group>
      <Group gap="xs">
        <Anchor component={Link} to="/profile" size="sm" onClick={onNavigate}>
          My Profile
        </Anchor>
        <Anchor component={Link} to="/leagues/allpools/all/my" size="sm" onClick={onNavigate}>
          My Pools
        </Anchor>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          leftSection={<IconLogout size={14} />}
          onClick={logout}
        >
          Logout
        </Button>
      </Group>
    </Stack>
  );
}

function ActivePools({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useCurrentUser();
  const profile = useUserProfile(user?.username);
  const [open, setOpen] = useLocalStorage({ key: 'ala.activePoolsOpen', defaultValue: true });
  const pools = (profile.data?.userSeasons ?? []).filter(
    (entry) => !entry.final && entry.status === ENTRY_STATUS.active,
  );
  const distinct = [...new Map(pools.map((p) => [p.league_season, p])).values()];
  if (!user) return null;
  return (
    <Box>
      <UnstyledButton onClick={() => setOpen(!open)} aria-expanded={open} w="100%">
        <Group gap={4} px="sm" py={4}>
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          <Text size="xs" fw={800} tt="uppercase">
            My Active Pools
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        {distinct.length === 0 ? (
          <Stack gap={2} px="sm">
            <Text size="sm" c="dimmed">
              No active pools
            </Text>
            <Anchor component={Link} to="/leagues/allpools" size="sm" onClick={onNavigate}>
              Join a pool
            </Anchor>
          </Stack>
        ) : (
          <>
            {distinct.slice(0, MAX_ACTIVE_POOLS).map((pool) => (
              <NavLink
                key={pool.league_season}
                component={Link}
                to={poolPagePath(poolAddressOf(pool))}
                onClick={onNavigate}
                py={4}
                label={
                  <Group gap={6} wrap="nowrap">
                    <Badge size="xs" variant="light">
                      {pool.league_abb.slice(0, 5).toUpperCase()}
                    </Badge>
                    <Text size="sm" truncate>
                      {pool.pool_name}
                    </Text>
                  </Group>
                }
              />
            ))}
            {distinct.length > MAX_ACTIVE_POOLS && (
              <Anchor component={Link} to="/leagues/allpools/all/my" size="sm" px="sm" onClick={onNavigate}>
                View All of Your Pools
              </Anchor>
            )}
          </>
        )}
      </Collapse>
    </Box>
  );
}

function ChangelogLinks({ onNavigate, active }: { onNavigate?: () => void; active: boolean }) {
  const { user } = useCurrentUser();
  const unread = useQuery({
    queryKey: changelogKeys.unread.of(user?.username),
    queryFn: () =>
      apiFetch<{ unreadCount: number }>(
        `/api/changelog/unread-count/${encodeURIComponent(user?.username ?? '')}`,
      )
        .then((r) => r.unreadCount)
        .catch(() => 0),
    enabled: Boolean(user),
  });
  const count = unread.data ?? 0;
  return (
    <Section title="Updates" active={active}>
      <SidebarLink
        label="Changelog"
        to="/changelog"
        onNavigate={onNavigate}
        rightSection={
          count > 0 ? (
            <Badge size="sm" color="red" circle aria-label={`${count} unread`}>
              {count}
            </Badge>
          ) : null
        }
      />
      {user?.siteAdmin && (
        <>
          <SidebarLink label="Changelog Admin" to="/changelog-admin" onNavigate={onNavigate} />
          <SidebarLink label="Mail Outbox" to="/site-admin/outbox" onNavigate={onNavigate} />
          <SidebarLink label="Sports Feeds" to="/site-admin/feeds" onNavigate={onNavigate} />
        </>
      )}
    </Section>
  );
}
