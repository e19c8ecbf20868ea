import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cleaningStatsQuery,
  cleaningStatsSchema,
  employeePerformanceSchema,
  kpiMetricsSchema,
  performanceQuery,
} from '../../../contract/insight.ts';
import { performanceExportQuery, statisticsExportQuery } from '../../../contract/export-words.ts';
import { sendExport } from '../../lib/export-file.ts';
import { userOf } from '../../plugins/access.ts';
import { cleaningStats, employeePerformance, exportEmployeePerformance, exportStatistics, kpiMetrics } from './insight.service.ts';

/**
 * Statistics for every project member; employee performance, which ranks people, for managers
 * (docs/product.md "Permissions").
 */
export async function insightRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/stats/cleaning',
    { config: { access: 'member' }, schema: { querystring: cleaningStatsQuery, response: { 200: cleaningStatsSchema } } },
    async (request) => cleaningStats(app, userOf(request), request.query.days),
  );

  // The statistics summary as .xlsx or CSV (docs/product.md "Exports"): the screen's figures, then stages done per day.
  app.get(
    '/stats/cleaning/export',
    { config: { access: 'member' }, schema: { querystring: statisticsExportQuery } },
    async (request, reply) => sendExport(reply, await exportStatistics(app, userOf(request), request.query)),
  );

  app.get(
    '/employee-performance',
    { config: { access: 'manager' }, schema: { querystring: performanceQuery, response: { 200: employeePerformanceSchema } } },
    async (request) => employeePerformance(app, userOf(request), request.query.range),
  );

  // The ranking as .xlsx or CSV (docs/product.md "Exports").
  app.get(
    '/employee-performance/export',
    { config: { access: 'manager' }, schema: { querystring: performanceExportQuery } },
    async (request, reply) => sendExport(reply, await exportEmployeePerformance(app, userOf(request), request.query)),
  );

  app.get(
    '/kpi-metrics',
    { config: { access: 'manager' }, schema: { querystring: performanceQuery, response: { 200: kpiMetricsSchema } } },
    async (request) => kpiMetrics(app, userOf(request), request.query.range),
  );
}
