import { z } from 'zod';

/** Team abbreviation as the pool stores it (e.g. LAL, HOU). */
export const TeamAbbSchema = z.string().trim().min(1);

/** Provider-neutral game status; postponed games never count for results or bonuses. */
export const GameStatusSchema = z.enum(['scheduled', 'in_progress', 'final', 'postponed']);
export type GameStatus = z.infer<typeof GameStatusSchema>;

export const CountSchema = z.number().int().min(0);

/** A game's start as an ISO instant with offset (stored as UTC). */
export const GameStartSchema = z.iso.datetime({ offset: true });
