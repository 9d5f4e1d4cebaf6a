import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BuyInsuranceRequestSchema,
  BuyInsuranceResponseSchema,
  EntryActionsPathSchema,
  EntryActionsResponseSchema,
  RebuyRequestSchema,
  RebuyResponseSchema,
  ToggleRequestSchema,
  ToggleResponseSchema,
} from '../../../../core/contracts/pools';
import { requireUser } from '../../../plugins/auth-guard';
import {
  buyInsurance,
  getEntryActions,
  rebuyEntry,
  toggleAutoRebuy,
  toggleBonus,
} from './entry-actions.service';

/** The pool area's entry-actions calls: rebuy, auto-rebuy and bonus switches, insurance, and the card's state. */
export const entryActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/entryActions/:entryId',
    { schema: { params: EntryActionsPathSchema, response: { 200: EntryActionsResponseSchema } } },
    async (request) => getEntryActions(app.ctx, requireUser(request), request.params.entryId),
  );
  app.post(
    '/user/rebuy',
    { schema: { body: RebuyRequestSchema, response: { 200: RebuyResponseSchema } } },
    async (request) => rebuyEntry(app.ctx, requireUser(request), request.body),
  );
  app.post(
    '/user/toggleRebuys',
    { schema: { body: ToggleRequestSchema, response: { 200: ToggleResponseSchema } } },
    async (request) => toggleAutoRebuy(app.ctx, requireUser(request), request.body),
  );
  app.post(
    '/user/toggleBonus',
    { schema: { body: ToggleRequestSchema, response: { 200: ToggleResponseSchema } } },
    async (request) => toggleBonus(app.ctx, requireUser(request), request.body),
  );
  app.post(
    '/user/buyInsurance',
    { schema: { body: BuyInsuranceRequestSchema, response: { 200: BuyInsuranceResponseSchema } } },
    async (request) => buyInsurance(app.ctx, requireUser(request), request.body),
  );
};
