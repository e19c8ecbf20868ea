export * from './projects.ts';
export * from './users.ts';
export * from './sessions.ts';
export * from './units.ts';
export * from './tasks.ts';
export * from './reports.ts';
export * from './objects.ts';
export * from './billing.ts';
