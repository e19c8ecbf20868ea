import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cleaningStatsQuery,
  cleaningStatsSchema,
  employeePerformanceSchema,
  kpiMetricsSchema,
  performanceQuery,
} from '../../../contract/insight.ts';
import { userOf } from '../../plugins/access.ts';
import { cleaningStats, employeePerformance, kpiMetrics } from './insight.service.ts';

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

  app.get(
    '/employee-performance',
    { config: { access: 'manager' }, schema: { querystring: performanceQuery, response: { 200: employeePerformanceSchema } } },
    async (request) => employeePerformance(app, userOf(request), request.query.range),
  );

  app.get(
    '/kpi-metrics',
    { config: { access: 'manager' }, schema: { querystring: performanceQuery, response: { 200: kpiMetricsSchema } } },
    async (request) => kpiMetrics(app, userOf(request), request.query.range),
  );
}
