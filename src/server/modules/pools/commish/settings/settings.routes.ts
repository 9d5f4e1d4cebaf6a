import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PoolSettingsPathSchema,
  PoolSettingsViewSchema,
  UpdatePoolSettingsRequestSchema,
} from '../../../../../core/contracts/pools';
import { requireUser } from '../../../../plugins/auth-guard';
import { getPoolSettings, updatePoolSettings } from './settings.service';

/** Pool Settings: read and save every setting of the pool. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/poolSettings/:poolId',
    { schema: { params: PoolSettingsPathSchema, response: { 200: PoolSettingsViewSchema } } },
    async (request) => getPoolSettings(app.ctx, request.params.poolId, request.user),
  );
  app.post(
    '/admin/updatePoolSettings',
    { schema: { body: UpdatePoolSettingsRequestSchema, response: { 200: PoolSettingsViewSchema } } },
    async (request) => updatePoolSettings(app.ctx, requireUser(request), request.body),
  );
};
