import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cleaningStatsQuery,
  cleaningStatsSchema,
  employeePerformanceSchema,
  kpiMetricsSchema,
  performanceQuery,
} from '#contract/insight.ts';
import { performanceExportQuery, statisticsExportQuery } from '#contract/export-words.ts';
import { projectExportKey, sendExport } from '../../lib/export-file.ts';
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
    { config: { access: 'member', heavy: 'report' }, schema: { querystring: cleaningStatsQuery, response: { 200: cleaningStatsSchema } } },
    async (request) => cleaningStats(app, userOf(request), request.query.days),
  );

  // The statistics summary as .xlsx or CSV (docs/product.md "Exports"): the screen's figures, then stages done per day.
  app.get(
    '/stats/cleaning/export',
    { config: { access: 'member', heavy: 'export' }, schema: { querystring: statisticsExportQuery } },
    async (request, reply) => {
      const auth = userOf(request);
      return sendExport(app, reply, projectExportKey(auth.projectId), () => exportStatistics(app, auth, request.query));
    },
  );

  app.get(
    '/employee-performance',
    {
      config: { access: 'manager', heavy: 'report' },
      schema: { querystring: performanceQuery, response: { 200: employeePerformanceSchema } },
    },
    async (request) => employeePerformance(app, userOf(request), request.query.range),
  );

  // The ranking as .xlsx or CSV (docs/product.md "Exports").
  app.get(
    '/employee-performance/export',
    { config: { access: 'manager', heavy: 'export' }, schema: { querystring: performanceExportQuery } },
    async (request, reply) => {
      const auth = userOf(request);
      return sendExport(app, reply, projectExportKey(auth.projectId), () => exportEmployeePerformance(app, auth, request.query));
    },
  );

  app.get(
    '/kpi-metrics',
    { config: { access: 'manager', heavy: 'report' }, schema: { querystring: performanceQuery, response: { 200: kpiMetricsSchema } } },
    async (request) => kpiMetrics(app, userOf(request), request.query.range),
  );
}
