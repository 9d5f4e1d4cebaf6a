import { z } from 'zod';
import { PageInfoSchema, PageQuerySchema } from '../paging';

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

/** ?page=&pageSize=&q= of the entrants lists: `q` finds a username or an entry's label ("bob [2]"). */
export const EntrantsQuerySchema = PageQuerySchema;
export type EntrantsQuery = z.output<typeof EntrantsQuerySchema>;

/**
 * GET /api/gameEntrants/{game}/{league}/{season}/{poolIdx}/{seasonType} and GET /api/poolEntrants/{poolId}:
 * one page of the pool's entries (name order, sign-up order past 10,000 matching entries; `total` counts
 * those matching `q`) and, always, the viewer's own entries in `mine`.
 */
export const EntrantsResponseSchema = PageInfoSchema.extend({
  entrants: z.array(EntrantSchema),
  mine: z.array(EntrantSchema),
});
export type EntrantsResponse = z.infer<typeof EntrantsResponseSchema>;
