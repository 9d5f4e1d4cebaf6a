import { Popover, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { BonusBox, TeamGameCell } from '../../../../../core/contracts/pools';
import { formatGameTime } from '../../../../lib/game-days';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** One game of the picked team: matchup, then time, live score or final; a started game opens its Bonus Box. */
export function GameCell({ cell, teamAbb }: { cell: TeamGameCell; teamAbb: string }) {
  const body = (
    <Stack gap={0} align="center">
      {/* "@ NYY" and "11:10 PM" never break: a narrow day column wraps only the pitchers' line. */}
      <Text size="sm" fw={600} lh={1.3} style={NO_WRAP}>
        {cell.matchup}
      </Text>
      <Text
        size="xs"
        c={statusColor(cell)}
        fw={cell.status === 'inactive' ? 400 : 700}
        lh={1.3}
        style={NO_WRAP}
      >
        {describeCellStatus(cell)}
      </Text>
      {cell.live && (
        <Text size="xs" c="dark.4" lh={1.3}>
          {describeLive(cell)}
        </Text>
      )}
      {cell.pitchers && (
        <Text size="xs" c="dark.4" lh={1.3}>
          {describePitchers(cell)}
        </Text>
      )}
    </Stack>
  );
  if (!cell.bonus_box) return body;
  return (
    <BonusBoxPopover box={cell.bonus_box} label={`Bonus Box: ${teamAbb} ${cell.matchup}`} target={body} />
  );
}

/**
 * Hover (or tap, on a phone) a started game to see what its facts say about bonuses. A tap opens it and
 * never toggles: a tap brings the pointer in (opening it) just before its click, which would close it
 * again. A tap elsewhere, the pointer leaving or Escape on the game (Enter opened it) closes it.
 */
function BonusBoxPopover({ box, label, target }: { box: BonusBox; label: string; target: React.ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Popover
      opened={opened}
      onChange={(value) => (value ? open() : close())}
      withArrow
      shadow="md"
      width={280}
    >
      <Popover.Target>
        <UnstyledButton
          aria-label={label}
          aria-expanded={opened}
          onMouseEnter={open}
          onMouseLeave={close}
          onClick={open}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          style={{ borderRadius: 4, padding: 2, display: 'block', marginInline: 'auto' }}
          styles={{ root: { textDecoration: 'underline dotted' } }}
        >
          {target}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={800} size="sm" mb={4}>
          Bonus Box
        </Text>
        {box.lines.length === 0 ? (
          <Text size="xs">No bonus facts yet.</Text>
        ) : (
          <Table fz="xs" verticalSpacing={2} withRowBorders={false}>
            <Table.Tbody>
              {box.lines.map((line, index) => (
                <Table.Tr key={`${line.label}-${index}`}>
                  <Table.Th fw={700} pl={0}>
                    {line.label}
                  </Table.Th>
                  <Table.Td pr={0}>{line.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {box.simulated && (
          <Text size="xs" c="dark.4" mt={4}>
            Simulated facts (demo replay).
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function statusColor(cell: TeamGameCell): string {
  if (cell.status === 'final')
    return cell.result === 'W' ? 'green.9' : cell.result === 'L' ? 'red.9' : 'dark.7';
  if (cell.status === 'started') return 'blue.9';
  return 'dark.4';
}

/** Start time, PPD, the live score or the final result, from the picked team's side. */
export function describeCellStatus(cell: TeamGameCell): string {
  const score =
    cell.team_score !== null && cell.opp_score !== null ? `${cell.team_score}-${cell.opp_score}` : '';
  if (cell.status === 'postponed') return 'PPD';
  if (cell.status === 'final') return `${cell.result ?? 'Final'} ${score}`.trim();
  if (cell.status === 'started') return `Live ${score}`.trim();
  return formatGameTime(cell.start);
}

function describeLive(cell: TeamGameCell): string {
  const live = cell.live;
  if (!live) return '';
  const parts: string[] = [];
  if (live.inning !== null) parts.push(`${live.half === 'bottom' ? 'Bot' : 'Top'} ${live.inning}`);
  if (live.balls !== null && live.strikes !== null) parts.push(`${live.balls}-${live.strikes}`);
  if (live.outs !== null) parts.push(`${live.outs} ${live.outs === 1 ? 'out' : 'outs'}`);
  return parts.join(' · ');
}

function describePitchers(cell: TeamGameCell): string {
  const pitchers = cell.pitchers;
  if (!pitchers) return '';
  return [
    pitchers.win && `W: ${pitchers.win}`,
    pitchers.loss && `L: ${pitchers.loss}`,
    pitchers.save && `S: ${pitchers.save}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
