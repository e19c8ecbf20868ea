import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAMP_FILE, isBuildCurrent, sourceHash } from '../scripts/build-if-changed.ts';

let root: string;
const outDir = () => path.join(root, 'dist/web');
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const stamp = () => {
  write('dist/web/index.html', '<!doctype html>');
  fs.writeFileSync(path.join(outDir(), STAMP_FILE), `${sourceHash(root)}\n`);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-build-'));
  write('web/src/main.tsx', 'render()');
  write('contract/constants.ts', 'export const A = 1;');
  write('vite.config.ts', 'export default {}');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds the web app only when its sources changed', () => {
  it('needs no build when dist/web was built from the same sources', () => {
    stamp();
    expect(isBuildCurrent(root, outDir())).toBe(true);
  });

  it('builds when there is no build, or a build without a stamp (a failed one)', () => {
    expect(isBuildCurrent(root, outDir())).toBe(false);
    write('dist/web/index.html', '<!doctype html>');
    expect(isBuildCurrent(root, outDir())).toBe(false);
  });

  it.each([
    ['a web source', 'web/src/main.tsx'],
    ['a new web file', 'web/src/new-page.tsx'],
    ['the shared contract', 'contract/constants.ts'],
    ['the vite configuration', 'vite.config.ts'],
    ['the installed versions', 'package-lock.json'],
  ])('builds again after a change to %s', (_what, file) => {
    stamp();
    write(file, 'changed');
    expect(isBuildCurrent(root, outDir())).toBe(false);
  });

  it('builds again when a web file is renamed, its content unchanged', () => {
    stamp();
    fs.renameSync(path.join(root, 'web/src/main.tsx'), path.join(root, 'web/src/app.tsx'));
    expect(isBuildCurrent(root, outDir())).toBe(false);
  });

  it('needs no build after a change to a test file, which is never bundled', () => {
    stamp();
    write('web/src/main.test.tsx', 'it()');
    expect(isBuildCurrent(root, outDir())).toBe(true);
  });
});
