/** `npm run bench`: every benchmark, one after the other; each prints its own table. */
await import('./rooms-map.ts');
await import('./schedule.ts');
await import('./worker.ts');
await import('./tenant-isolation.ts');
await import('./live-storm.ts');
await import('./qr-crowd.ts');
await import('./durability.ts');
await import('./billing.ts');
await import('./insight.ts');
await import('./progress-matrix.ts');
await import('./export-memory.ts');
await import('./review-queue.ts');
await import('./without-statistics.ts');
export {};
