import { Anchor, Badge, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLock, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PoolRow } from '../../../../core/contracts/leagues';
import { formatDollars } from '../../../lib/format';

const INSURANCE_NAMES: Record<number, string> = { 1: 'Most Popular Pick', 2: 'Random Pick' };
const MAX_CHAMPIONS_SHOWN = 3;

/** The pool's name, linked unless the pool is locked to the viewer. */
export function PoolNameCell({ pool }: { pool: PoolRow }) {
  const label = `${pool.pool_name} ${pool.season}${pool.season_type === 'pre' ? ' [PRE]' : ''}`;
  if (pool.locked) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconLock size={14} aria-label="Private league" />
        <Text size="sm">{label}</Text>
      </Group>
    );
  }
  return (
    <Anchor component={Link} to={pool.path} size="sm" fw={600}>
      {label}
    </Anchor>
  );
}

/** Champions with a trophy (collapsed into a count above three), In Progress, or Open For Entry. */
export function PoolStatusCell({
  pool,
  openLabel = 'Open For Entry',
}: {
  pool: PoolRow;
  openLabel?: string;
}) {
  if (pool.status === 'final') return <Champions names={pool.champions} />;
  if (pool.status === 'in_progress') return <Text size="sm">In Progress</Text>;
  return (
    <Badge color="green.8" miw="max-content">
      {openLabel}
    </Badge>
  );
}

/** A trophy with the champions' names; more than three become a count that opens the list. */
export function Champions({ names }: { names: string[] }) {
  const trophy = <IconTrophy size={16} color="#a07a00" aria-hidden />;
  if (names.length <= MAX_CHAMPIONS_SHOWN) {
    return (
      <Group gap={4} wrap="nowrap">
        {trophy}
        <Text size="sm">{names.length > 0 ? names.join(', ') : 'Completed'}</Text>
      </Group>
    );
  }
  return (
    <Popover withArrow shadow="md" position="bottom">
      <Popover.Target>
        <UnstyledButton aria-label={`${names.length} champions`}>
          <Group gap={4} wrap="nowrap">
            {trophy}
            <Text size="sm" td="underline">
              {names.length} champions
            </Text>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={2}>
          {names.map((name) => (
            <Text key={name} size="sm">
              {name}
            </Text>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Buyin, or "buyin/rebuy price" when the pool has rebuys. */
export function buyinText(pool: Pick<PoolRow, 'buyin' | 'rebuys' | 'rebuy_price'>): string {
  const buyin = formatDollars(pool.buyin);
  return pool.rebuys > 0 ? `${buyin}/${formatDollars(pool.rebuy_price)}` : buyin;
}

/** Insurance type and cost, or Not Offered. */
export function insuranceText(pool: Pick<PoolRow, 'insurance_option' | 'insurance'>): string {
  const name = INSURANCE_NAMES[pool.insurance_option];
  return name ? `${name} (${formatDollars(pool.insurance)})` : 'Not Offered';
}
