import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ExportPoolPathSchema,
  ExportWeekPathSchema,
  ExportWeekQuerySchema,
  ExportWeekResponseSchema,
} from '../../../../core/contracts/pools';
import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { csvStream } from './exports.csv';
import {
  type ExportFile,
  exportFinances,
  exportLedger,
  exportMissingPicks,
  exportPicks,
  exportStandings,
  getWeekGrid,
} from './exports.service';

type Exporter = (ctx: AppContext, poolId: number, viewer: UserRow | null) => Promise<ExportFile>;

/** The CSV exports, each with the description the API docs show. */
const CSV_ROUTES: ReadonlyArray<{ url: string; exporter: Exporter; description: string }> = [
  {
    url: '/api/pools/:poolId/export/standings.csv',
    exporter: exportStandings,
    description:
      "The pool's standings as CSV (whoever may see the pool): each counted entry in sign-up order with lives, " +
      "status, weeks alive, rebuys and, per week, its picks and result once that week's picks are public.",
  },
  {
    url: '/api/pools/:poolId/commish/export/picks.csv',
    exporter: exportPicks,
    description:
      "The picks grid as CSV (the league's commissioners): entry by week, a week's picks in one cell " +
      '("KC + SF"), marked (auto) or (commish) when assigned; weeks not yet public are empty.',
  },
  {
    url: '/api/pools/:poolId/commish/export/ledger.csv',
    exporter: exportLedger,
    description:
      "The pool's money ledger as CSV (the league's commissioners): one row per movement, in the order written " +
      "(date, entry, kind, amount in dollars signed from the entry's side, week, notes, by whom).",
  },
  {
    url: '/api/pools/:poolId/commish/export/finances.csv',
    exporter: exportFinances,
    description:
      "The Finances table as CSV (the league's commissioners): one line per entry in sign-up order, then the totals.",
  },
  {
    url: '/api/pools/:poolId/commish/export/missing-picks.csv',
    exporter: exportMissingPicks,
    description:
      "The open week's entries that owe a pick as CSV (the league's commissioners), with their owner; the header " +
      'alone when the pool has no open week.',
  },
];

/** The pool's exports (issue 45): CSV files streamed as they are read, and the printable week grid. */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { url, exporter, description } of CSV_ROUTES) {
    app.get(
      url,
      {
        schema: {
          description,
          params: ExportPoolPathSchema,
          produces: ['text/csv'],
          response: { 200: z.string().describe('RFC 4180 CSV, UTF-8 with a header row') },
        },
      },
      async (request, reply) => {
        // Access is checked before this returns; the rows are then read a batch at a time as the reply goes
        // out (a stream skips the response serializer).
        const file = await exporter(app.ctx, request.params.poolId, request.user);
        const body = csvStream(file.header, file.rows, (error) =>
          request.log.error({ err: error, url }, 'export failed mid-stream'),
        );
        reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
        reply.header('cache-control', 'no-store');
        reply.type('text/csv; charset=utf-8');
        return reply.send(body as never);
      },
    );
  }
  app.get(
    '/api/pools/:poolId/export/week/:week',
    {
      schema: {
        description:
          "One page of a week's printable grid (whoever may see the pool): each counted entry's picks of the " +
          'week and its result, picks only once the week is public.',
        params: ExportWeekPathSchema,
        querystring: ExportWeekQuerySchema,
        response: { 200: ExportWeekResponseSchema },
      },
    },
    async (request) =>
      getWeekGrid(app.ctx, request.params.poolId, request.params.week, request.query, request.user),
  );
};
