/**
 * Builds the web app into dist/web (vite, then scripts/compress-assets.ts) only when its sources
 * changed since the last successful build: `npm start` answers in seconds when nothing changed.
 * `--force` builds whatever the stamp says (`npm run build`).
 *
 * The stamp is a hash of every file the build reads, written into dist/web after a successful
 * build; vite empties dist/web first, so a failed build leaves no stamp and the next start builds.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads: the web app, the contract it imports, the build configuration and the installed versions. */
export const BUILD_INPUTS = ['web', 'contract', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/compress-assets.ts'];
export const STAMP_FILE = '.source-hash';

/** Tests are never bundled: editing one does not call for a build. */
const isTestFile = (name: string) => /\.test\.tsx?$/.test(name);

function listFiles(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) return listFiles(root, child);
      return isTestFile(entry.name) ? [] : [child];
    })
    .sort();
}

/** One hash over the names and contents of every build input under `root`. */
export function sourceHash(root: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((input) => listFiles(root, input))) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The built app in `outDir` was built from these very sources. */
export function isBuildCurrent(root: string, outDir: string): boolean {
  const stamp = path.join(outDir, STAMP_FILE);
  if (!fs.existsSync(path.join(outDir, 'index.html')) || !fs.existsSync(stamp)) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === sourceHash(root);
}

function build(root: string, outDir: string) {
  const hash = sourceHash(root);
  const started = Date.now();
  console.log('Building the web app (dist/web)…');
  const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  // Warnings and errors only: the per-file listing buried the start banner.
  run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
  run(['--import', 'tsx', 'scripts/compress-assets.ts', outDir]);
  fs.writeFileSync(path.join(outDir, STAMP_FILE), `${hash}\n`);
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const outDir = path.join(root, 'dist/web');
  if (!process.argv.includes('--force') && isBuildCurrent(root, outDir)) {
    console.log('Web app up to date (dist/web): no build needed');
  } else {
    try {
      build(root, outDir);
    } catch {
      // vite has printed what went wrong.
      process.exit(1);
    }
  }
}
