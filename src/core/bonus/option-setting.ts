import { z } from 'zod';

// Apart from the option definitions so the pool page's contract carries a pool's options without them.

/** A pool's configuration of one option (pool.bonus_options values). */
export const BonusOptionSettingSchema = z.object({
  active: z.boolean(),
  prize: z.number().int('Bonus prizes must be whole numbers.').min(0, 'Bonus prizes cannot be negative.'),
  bonus_long_name: z.string(),
});
export type BonusOptionSetting = z.infer<typeof BonusOptionSettingSchema>;

/** pool.bonus_options: keyed by bonus id as a string, since it is stored as a JSON object. */
export const BonusOptionsMapSchema = z.record(z.string().regex(/^\d+$/), BonusOptionSettingSchema);
export type BonusOptionsMap = z.infer<typeof BonusOptionsMapSchema>;
