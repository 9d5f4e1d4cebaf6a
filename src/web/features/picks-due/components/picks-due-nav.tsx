import { Anchor, Badge, Box, Divider, Group, NavLink, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePicksDue } from '../api/picks-due';
import { describeDueWeek, LockCountdown } from './lock-countdown';

const SHOWN = 5;

/** The sidebar's Picks due: the first few entries owing picks, each a link to Make Picks; nothing for a visitor. */
export function PicksDueNav({
  username,
  onNavigate,
}: {
  username: string | undefined;
  onNavigate?: () => void;
}) {
  const query = usePicksDue(username);
  if (!username || !query.data) return null;
  const { due, now } = query.data;
  return (
    <Box component="section" aria-label="Picks due">
      <Divider my={4} />
      <Group gap={6} px="sm" py={4}>
        <Text size="xs" fw={800} tt="uppercase">
          Picks due
        </Text>
        {due.length > 0 && (
          <Badge size="sm" color="red" circle>
            {due.length}
          </Badge>
        )}
      </Group>
      {due.length === 0 ? (
        <Text size="sm" c="dark.4" px="sm" py={2}>
          {query.data.pools_entered === 0 ? 'No entries yet' : 'All picks in'}
        </Text>
      ) : (
        <>
          {due.slice(0, SHOWN).map((row) => (
            <NavLink
              key={row.entry_id}
              component={Link}
              to={row.make_picks_path}
              onClick={onNavigate}
              py={4}
              label={
                <Text size="sm" fw={600} truncate>
                  {row.pool_name}
                </Text>
              }
              description={
                <>
                  {row.entry_label} · {describeDueWeek(row)} ·{' '}
                  <LockCountdown lockAt={row.lock_at} serverNow={now} readAt={query.dataUpdatedAt} inherit />
                </>
              }
            />
          ))}
          {due.length > SHOWN && (
            <Anchor component={Link} to="/#picks-due" size="sm" px="sm" onClick={onNavigate}>
              All {due.length} picks due
            </Anchor>
          )}
        </>
      )}
    </Box>
  );
}
