import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit/audit.routes';
import { bonusPoolRoutes } from './bonus-pool/bonus-pool.routes';
import { deskRoutes } from './desk/desk.routes';
import { editPicksRoutes } from './edit-picks/edit-picks.routes';
import { entrantsAdminRoutes } from './entrants/entrants.routes';
import { missingPicksRoutes } from './missing-picks/missing-picks.routes';
import { moneyRoutes } from './money/money.routes';
import { settingsRoutes } from './settings/settings.routes';

/**
 * The Commish tools of a pool, one plugin per tool. Every call is for the pool league's admins only
 * (requirePoolCommish) and every change is audited (recordPoolAudits) in its own transaction.
 */
export const commishRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(auditRoutes);
  await app.register(settingsRoutes);
  await app.register(entrantsAdminRoutes);
  await app.register(deskRoutes);
  await app.register(editPicksRoutes);
  await app.register(bonusPoolRoutes);
  await app.register(moneyRoutes);
  await app.register(missingPicksRoutes);
};
