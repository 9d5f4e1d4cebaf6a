import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActiveWeekResponseSchema,
  NflPlayersResponseSchema,
  NflWeekStatsResponseSchema,
  ResultsResponseSchema,
  SeasonParamsIndexResponseSchema,
  SeasonParamsResponseSchema,
  SeasonPathSchema,
  TeamDetailsResponseSchema,
  TeamSchedulesResponseSchema,
  WeekScheduleResponseSchema,
  WeekSchema,
} from '../../../core/contracts/sports';
import {
  getActiveWeek,
  getResults,
  getSeasonParams,
  getTeamDetails,
  getTeamSchedules,
  getWeekSchedule,
  listNflPlayers,
  listNflWeekStats,
  listSeasonParams,
} from './sports.service';
import { sportsAdminRoutes } from './sports-admin.routes';

const SeasonTypePathSchema = SeasonPathSchema;
const TypePathSchema = SeasonPathSchema.omit({ seasonType: true }).extend({
  type: SeasonPathSchema.shape.seasonType,
});

/** Public read API of schedules, results, season params, teams and NFL players. */
export const sportsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sportsAdminRoutes);

  app.get(
    '/api/seasonParams/index',
    { schema: { response: { 200: SeasonParamsIndexResponseSchema } } },
    async () => listSeasonParams(app.ctx),
  );

  app.get(
    '/api/seasonParams/:game/:season/:type',
    { schema: { params: TypePathSchema, response: { 200: SeasonParamsResponseSchema } } },
    async (request) => {
      const { game, season, type } = request.params;
      return getSeasonParams(app.ctx, { game, season, seasonType: type });
    },
  );

  app.get(
    '/api/teams/details/:game',
    {
      schema: {
        params: SeasonPathSchema.pick({ game: true }),
        response: { 200: TeamDetailsResponseSchema },
      },
    },
    async (request) => getTeamDetails(app.ctx, request.params.game),
  );

  app.get(
    '/api/teamSchedules/:game/:season/:seasonType',
    {
      schema: {
        params: SeasonTypePathSchema,
        // One week's games: what a pool tab draws, not the whole season.
        querystring: z.object({ week: WeekSchema.optional() }),
        response: { 200: TeamSchedulesResponseSchema },
      },
    },
    async (request) => getTeamSchedules(app.ctx, request.params, request.query.week),
  );

  app.get(
    '/api/weekSchedules/:game/:season/:seasonType/:week',
    {
      schema: {
        params: SeasonTypePathSchema.extend({ week: WeekSchema }),
        response: { 200: WeekScheduleResponseSchema },
      },
    },
    async (request) => {
      const { week, ...path } = request.params;
      return getWeekSchedule(app.ctx, path, week);
    },
  );

  app.get(
    '/api/activeWeek/:game/:season/:seasonType',
    { schema: { params: SeasonTypePathSchema, response: { 200: ActiveWeekResponseSchema } } },
    async (request) => getActiveWeek(app.ctx, request.params),
  );

  app.get(
    '/api/results/:game/:season/:seasonType',
    { schema: { params: SeasonTypePathSchema, response: { 200: ResultsResponseSchema } } },
    async (request) => getResults(app.ctx, request.params),
  );

  app.get('/api/nflPlayers', { schema: { response: { 200: NflPlayersResponseSchema } } }, async () =>
    listNflPlayers(app.ctx),
  );

  app.get(
    '/api/nflPlayers/weeklyStats/:week',
    {
      schema: {
        params: z.object({ week: WeekSchema }),
        querystring: z.object({ season: SeasonPathSchema.shape.season.optional() }),
        response: { 200: NflWeekStatsResponseSchema },
      },
    },
    async (request) => listNflWeekStats(app.ctx, request.params.week, request.query.season),
  );
};
