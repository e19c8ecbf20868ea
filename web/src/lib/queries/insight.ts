import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CleaningStats, EmployeePerformance, KpiMetrics, PerformanceRange } from '#contract/insight.ts';
import { apiGet } from '../api.ts';

/**
 * Statistics and employee performance (docs/product.md "Statistics", "Employee performance"). Live
 * updates refresh them when a stage is done (web/src/app/live-updates.ts) instead of the original
 * product's 60-second polling; the previous period stays on screen while another loads.
 */
const INSIGHT_STALE_MS = 60_000;

export const cleaningStatsQuery = (days: number) =>
  queryOptions({
    queryKey: ['/api/stats/cleaning', days] as const,
    queryFn: ({ signal }) => apiGet<CleaningStats>(`/api/stats/cleaning?days=${days}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: INSIGHT_STALE_MS,
  });

export const employeePerformanceQuery = (range: PerformanceRange) =>
  queryOptions({
    queryKey: ['/api/employee-performance', range] as const,
    queryFn: ({ signal }) => apiGet<EmployeePerformance>(`/api/employee-performance?range=${range}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: INSIGHT_STALE_MS,
  });

export const kpiMetricsQuery = (range: PerformanceRange) =>
  queryOptions({
    queryKey: ['/api/kpi-metrics', range] as const,
    queryFn: ({ signal }) => apiGet<KpiMetrics>(`/api/kpi-metrics?range=${range}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: INSIGHT_STALE_MS,
  });
