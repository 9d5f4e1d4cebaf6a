import { z } from 'zod';
import { GameSchema, SeasonTypeSchema } from '../../games';
import { idSchema, withCodeName } from '../common';
import { POOL_MESSAGES } from './sign-up';

const notFound = { error: POOL_MESSAGES.poolNotFound };

/**
 * The parts of one pool's API path as the wire names them: /{game}/{league}/{season}/{poolIdx}/{seasonType}.
 * Any malformed part names no pool, so it answers the same "not found" message as an unknown pool.
 */
export const PoolPathPartsSchema = z.object({
  game: z.enum(GameSchema.options, notFound),
  league: z.string(notFound).trim().min(1, notFound).max(40, notFound),
  season: z.coerce.number(notFound).int(notFound).min(1900, notFound).max(2100, notFound),
  poolIdx: z.coerce.number(notFound).int(notFound).min(0, notFound).max(99, notFound),
  seasonType: z.enum(SeasonTypeSchema.options, notFound),
});

/** Path of one pool; services receive the code's address (core/pool/identity.ts): `leagueAbb` for `league`. */
export const PoolPathSchema = withCodeName(PoolPathPartsSchema, 'league', 'leagueAbb');
export type PoolPath = z.output<typeof PoolPathSchema>;

/** Path of a pool by id: /api/poolEntrants/{poolId}. */
export const PoolIdPathSchema = z.object({ poolId: idSchema(POOL_MESSAGES.poolNotFound) });
export type PoolIdPath = z.output<typeof PoolIdPathSchema>;
