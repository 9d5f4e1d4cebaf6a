import type { MappedBonusEvent } from '../../../../../core/contracts/pools';

/** Prizes: what each winning entry received. Payouts: what each other bonus-pool entry was charged. */
export type BonusView = 'prizes' | 'payouts';

/** One line of the Performance Bonuses table: one entry on one bonus event. */
export interface BonusRow {
  key: string;
  entryId: number;
  entry: string;
  week: number;
  date: string;
  game: string;
  type: string;
  team: string;
  details: string;
  winners: string[];
  /** Signed cents from the entry's side: + prize, - payout. */
  dollars: number;
}

export interface BonusFilters {
  users: string[] | null;
  weeks: number[] | null;
  types: string[] | null;
  teams: string[] | null;
}

/**
 * The rows of one view; a winner without a ledger line yet still shows, at the event's prize. The server
 * names an event's first winners (the viewer's own first) and, among the entries charged, the viewer's own.
 */
export function buildBonusRows(events: MappedBonusEvent[], view: BonusView): BonusRow[] {
  return events.flatMap((event) => {
    const base = {
      week: event.week,
      date: event.bonus_date,
      game: event.game_summary ?? '',
      type: event.bonus_name,
      team: event.team_abb,
      // The description usually names the player already; prefix the name only when it does not.
      details:
        event.player && !event.desc.includes(event.player) ? `${event.player}: ${event.desc}` : event.desc,
      // A huge pool's bonus names its first winners only; the rest are counted.
      winners:
        event.winner_count > event.winner_labels.length
          ? [...event.winner_labels, `and ${event.winner_count - event.winner_labels.length} more`]
          : event.winner_labels,
    };
    if (view === 'prizes') {
      return event.winners.map((entryId, index) => {
        const line = event.lines.find((item) => item.entry_id === entryId);
        return {
          ...base,
          key: `${event.id}:${entryId}`,
          entryId,
          entry: line?.label ?? event.winner_labels[index] ?? '',
          dollars: line?.dollars_total ?? event.prize,
        };
      });
    }
    return event.lines
      .filter((line) => !line.winner)
      .map((line) => ({
        ...base,
        key: `${event.id}:${line.entry_id}`,
        entryId: line.entry_id,
        entry: line.label,
        dollars: line.dollars_total,
      }));
  });
}

/** Rows kept by the filters; a null filter keeps everything (its "Show All" toggle is on). */
export function filterBonusRows(rows: BonusRow[], filters: BonusFilters): BonusRow[] {
  return rows.filter(
    (row) =>
      (filters.users === null || filters.users.includes(row.entry)) &&
      (filters.weeks === null || filters.weeks.includes(row.week)) &&
      (filters.types === null || filters.types.includes(row.type)) &&
      (filters.teams === null || filters.teams.includes(row.team)),
  );
}

/** The distinct values of a column, sorted, for a filter's choices. */
export function distinctValues<T extends string | number>(rows: BonusRow[], pick: (row: BonusRow) => T): T[] {
  return [...new Set(rows.map(pick))].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
  );
}
