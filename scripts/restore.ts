import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { restoreBackup } from '../server/lib/backup.ts';

// `npm run restore -- FILE`: into the empty DATA_DIR of the environment; see README.md "Backups".
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run restore -- FILE');
  const config = loadConfig();
  const manifest = await restoreBackup(
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3: Boolean(config.s3) },
    path.resolve(file),
  );
  console.log(`Restored ${path.resolve(file)} (taken ${manifest.createdAt}) into ${config.dataDir}: ${manifest.photoCount} photos.`);
  if (manifest.database === 'postgres') console.log('The database was on PostgreSQL: restore it from its pg_dump file with pg_restore.');
  else if (config.databaseUrl)
    console.log('DATABASE_URL is set: a server started so uses PostgreSQL, not this embedded database; unset it to use it.');
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
