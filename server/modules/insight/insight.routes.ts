import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cleaningStatsQuery,
  cleaningStatsSchema,
  employeePerformanceSchema,
  kpiMetricsSchema,
  performanceQuery,
} from '../../../contract/insight.ts';
import {
  exportWords,
  isRightToLeft,
  performanceExportQuery,
  statisticsExportQuery,
  statisticsExportWords,
} from '../../../contract/export-words.ts';
import { statisticsFigures } from '../../../contract/insight.ts';
import { listRooms, summarize } from '../rooms/rooms.service.ts';
import { exportFile, sendExport } from '../../lib/export-file.ts';
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

  // The statistics summary as .xlsx or CSV (docs/product.md "Exports"): the screen's figures, then stages done per day.
  app.get(
    '/stats/cleaning/export',
    { config: { access: 'member' }, schema: { querystring: statisticsExportQuery } },
    async (request, reply) => {
      const auth = userOf(request);
      const { days, lang, format } = request.query;
      const stats = await cleaningStats(app, auth, days);
      const units = summarize(await listRooms(app, auth));
      const f = statisticsFigures(units, stats);
      const w = statisticsExportWords(lang, auth.facilityType);
      const l = w.labels;
      const rows: [string, number][] = [
        [l.clean, units.clean],
        [l.inProgress, units.inProgress],
        [l.needsWork, units.needsCleaning],
        [l.total, units.totalRooms],
        [l.activeUnits, f.activeUnits],
        [l.totalTasks, stats.totalTasks],
        [l.completedTasks, stats.completedTasks],
        [l.completionRate, f.completionRate],
        [l.doneUnits, f.doneUnitsRate],
        [l.averagePerUnit, stats.averageTasksPerRoom],
        [l.efficiency, f.efficiencyScore],
        [l.sessionTime, f.sessionMinutes],
        ...stats.perDay.map((d): [string, number] => [`${l.perDay}: ${d.date}`, d.completed]),
      ];
      const file = exportFile(
        {
          name: `statistics-${days}-days`,
          sheetName: w.sheet,
          rightToLeft: isRightToLeft(lang),
          columns: [
            { header: w.figure, type: 'text' },
            { header: w.value, type: 'number' },
          ],
          rows,
        },
        { format, timeZone: auth.timezone, now: app.now() },
      );
      return sendExport(reply, file);
    },
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
    async (request, reply) => {
      const auth = userOf(request);
      const { employees } = await employeePerformance(app, auth, request.query.range);
      const words = exportWords(request.query.lang, auth.facilityType);
      const c = words.employeePerformance.columns;
      const file = exportFile(
        {
          name: `employee-performance-${request.query.range}`,
          sheetName: words.employeePerformance.sheet,
          rightToLeft: isRightToLeft(request.query.lang),
          columns: [
            { header: c.rank, type: 'number' },
            { header: c.name, type: 'text' },
            { header: c.tasks, type: 'number' },
            { header: c.units, type: 'number' },
            { header: c.rating, type: 'number' },
            { header: c.efficiency, type: 'number' },
            { header: c.trend, type: 'text' },
          ],
          rows: employees.map((e) => [e.rank, e.name, e.tasksCompleted, e.roomsCleaned, e.rating, e.efficiency, words.trend[e.trend]]),
        },
        { format: request.query.format, timeZone: auth.timezone, now: app.now() },
      );
      return sendExport(reply, file);
    },
  );

  app.get(
    '/kpi-metrics',
    { config: { access: 'manager' }, schema: { querystring: performanceQuery, response: { 200: kpiMetricsSchema } } },
    async (request) => kpiMetrics(app, userOf(request), request.query.range),
  );
}
