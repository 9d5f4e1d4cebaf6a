import { z } from 'zod';

/** One entry as the entrants lists show it (never its picks). */
export const EntrantSchema = z.object({
  entry_id: z.number(),
  username: z.string(),
  entry_num: z.number(),
  label: z.string(),
  status: z.number(),
  lives: z.number(),
  extinct: z.boolean(),
  weeks_alive: z.number(),
  rebuys_made: z.number(),
});
export type Entrant = z.infer<typeof EntrantSchema>;

/** GET /api/gameEntrants/{game}/{league}/{season}/{poolIdx}/{seasonType} and GET /api/poolEntrants/{poolId}. */
export const EntrantsResponseSchema = z.object({ entrants: z.array(EntrantSchema) });
export type EntrantsResponse = z.infer<typeof EntrantsResponseSchema>;
