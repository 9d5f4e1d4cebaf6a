import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import { usePicksDue } from '../api/picks-due';

/** The header's count of entries owing picks, a link to the landing page's list; nothing when none are due. */
export function PicksDueBadge({ username }: { username: string | undefined }) {
  const query = usePicksDue(username);
  const count = query.data?.due.length ?? 0;
  if (!username || count === 0) return null;
  const label = `${count} ${count === 1 ? 'pick' : 'picks'} due`;
  return (
    <Badge
      component={Link}
      to="/#picks-due"
      color="red"
      variant="filled"
      size="lg"
      aria-label={label}
      title={label}
      style={{ cursor: 'pointer', flexShrink: 0 }}
    >
      {count} due
    </Badge>
  );
}
