import { Readable } from 'node:stream';
import { LogQuery } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../current-user';

const PathParams = z.object({ conversionId: z.string().min(1).max(64) });
const PathQuery = z.object({ websiteId: z.string().min(1).max(64) });
const today = () => new Date().toISOString().slice(0, 10);

/** Spec §7 Application API: the logs, their filter values, CSV exports and conversion paths. */
export const logsRoute: FastifyPluginAsyncZod = async (app) => {
  const { logs } = app.services;

  app.get('/api/clicks', { schema: { querystring: LogQuery } }, async (req, reply) => {
    const { rows, total } = await logs.clicks(currentUser(req), req.query);
    return reply.header('x-total-count', total).send(rows);
  });

  app.get('/api/conversions', { schema: { querystring: LogQuery } }, async (req, reply) => {
    const { rows, total } = await logs.conversions(currentUser(req), req.query);
    return reply.header('x-total-count', total).send(rows);
  });

  app.get('/api/clicks/facets', { schema: { querystring: LogQuery } }, async (req) =>
    logs.clickFacets(currentUser(req), req.query),
  );

  app.get('/api/conversions/facets', { schema: { querystring: LogQuery } }, async (req) =>
    logs.conversionFacets(currentUser(req), req.query),
  );

  app.get('/api/clicks/export', { schema: { querystring: LogQuery } }, async (req, reply) => {
    const lines = logs.exportClicks(currentUser(req), req.query);
    const first = await lines.next(); // ownership is checked here, before any header goes out
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="clicks_export_${today()}.csv"`)
      .send(Readable.from(prepend(first.value ?? '', lines)));
  });

  app.get('/api/conversions/export', { schema: { querystring: LogQuery } }, async (req, reply) => {
    const lines = logs.exportConversions(currentUser(req), req.query);
    const first = await lines.next();
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="conversions_export_${today()}.csv"`)
      .send(Readable.from(prepend(first.value ?? '', lines)));
  });

  app.get(
    '/api/conversions/:conversionId/path',
    { schema: { params: PathParams, querystring: PathQuery } },
    async (req) => logs.path(currentUser(req), req.query.websiteId, req.params.conversionId),
  );
};

async function* prepend(first: string, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield first;
  yield* rest;
}
