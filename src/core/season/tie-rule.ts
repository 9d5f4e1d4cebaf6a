import { z } from 'zod';

/** nfl: whether a tied game advances the teams picked in it (ESPN, DraftKings) or costs a life (Circa, Yahoo). */
export const TieRuleSchema = z.enum(['loss', 'win']);
export type TieRule = z.infer<typeof TieRuleSchema>;
