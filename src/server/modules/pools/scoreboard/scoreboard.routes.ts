import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ScoreboardPathSchema,
  ScoreboardQuerySchema,
  ScoreboardResponseSchema,
} from '../../../../core/contracts/pools';
import { getScoreboard } from './scoreboard.service';

/** The pool area's scoreboard calls. */
export const scoreboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/scoreboard/:poolId/:week',
    {
      schema: {
        params: ScoreboardPathSchema,
        querystring: ScoreboardQuerySchema,
        response: { 200: ScoreboardResponseSchema },
      },
    },
    async (request) => getScoreboard(app.ctx, request.params, request.query, request.user),
  );
};
