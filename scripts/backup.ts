import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { createBackup } from '../server/lib/backup.ts';

// `npm run backup -- FILE`: with the server's own environment (DATA_DIR, DATABASE_URL, S3_*); see README.md "Backups".
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run backup -- FILE');
  const config = loadConfig();
  const manifest = await createBackup(
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3: Boolean(config.s3) },
    path.resolve(file),
  );
  const parts = [
    manifest.database === 'embedded' ? 'the embedded database' : 'no database (PostgreSQL: back it up with pg_dump)',
    manifest.photos === 's3'
      ? 'no photos (they are in the S3 bucket)'
      : manifest.database === 'postgres'
        ? `${manifest.photoCount} photos an earlier version kept in DATA_DIR/objects (the others are in PostgreSQL: pg_dump holds them)`
        : `${manifest.photoCount} photos`,
  ];
  console.log(`Backup written to ${path.resolve(file)}: ${parts.join(', ')}.`);
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
