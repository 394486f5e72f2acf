import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EARNINGS_TIME_ZONE } from '@parkly/shared/earnings';
import { statementMonthsAnswerSchema } from '@parkly/shared/statements';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { renderStatementPdf } from '../invoices/invoice-pdf';
import { statementCsv } from './statement-csv';
import { buildStatement, listStatementMonths, type StatementDeps } from './statements.service';

const tags = ['statements'];
const security = [{ bearer: [] }];
/** '2026-03.pdf' or '2026-03.csv' */
const FILE = /^(.*)\.(pdf|csv)$/;

/** A host's monthly statements: the months with activity, and each as a PDF or a CSV (403 to anyone not a host). */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: StatementDeps = { db: app.db, currency: app.config.CURRENCY, gst: app.config.gst };
  app.addHook('onRequest', app.requireAuth);

  app.get('/host/statements', { schema: { tags, security, response: { 200: statementMonthsAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await listStatementMonths(deps, currentUser(request).id) };
  });

  app.get(
    '/host/statements/:file',
    { schema: { tags, security, params: z.object({ file: z.string().max(40) }), description: 'GET host/statements/2026-03.pdf or .csv' } },
    async (request, reply) => {
      const [, month = '', format] = FILE.exec(request.params.file) ?? [];
      if (!format) throw new AppError('NOT_FOUND', 'A statement is a .pdf or a .csv, such as 2026-03.pdf');
      const statement = await buildStatement(deps, currentUser(request).id, month);
      const name = `parkly-statement-${statement.month}.${format}`;
      reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(statementCsv(statement, EARNINGS_TIME_ZONE));
      return reply.type('application/pdf').send(await renderStatementPdf(statement));
    },
  );
};
