import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The worker pages' first download is what their static imports reach (docs/decisions/009). This
 * walks those imports from each entry — `import type` and `import()` do not count — and fails when
 * one reaches the router, React Query, react-i18next or a Radix dialog/toast, or manager code.
 */
const webSrc = path.resolve(__dirname, '..');
const entries = ['worker-app/qr-scan-main.tsx', 'worker-app/work-tasks-main.tsx'];
const STATIC_IMPORT = /^\s*import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function staticGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(STATIC_IMPORT)) {
      if (spec.startsWith('.') || spec.startsWith('#web/')) {
        const target = spec.startsWith('#web/') ? path.join(webSrc, spec.slice('#web/'.length)) : path.resolve(path.dirname(file), spec);
        if (/\.(tsx?|json)$/.test(target) && !target.endsWith('.json')) visit(target);
      } else {
        packages.add(spec);
      }
    }
  };
  visit(path.join(webSrc, entry));
  return { files: [...files].map((f) => path.relative(path.resolve(webSrc, '../..'), f)), packages: [...packages] };
}

describe('worker page entries', () => {
  for (const entry of entries) {
    it(`${entry} statically loads no router, query cache, react-i18next, Radix dialog/toast or manager code`, () => {
      const { files, packages } = staticGraph(entry);
      expect(files.length).toBeGreaterThan(5);
      expect(packages.filter((p) => /^(react-router|@tanstack\/|react-i18next)/.test(p))).toEqual([]);
      // radix-ui is allowed only for Direction (a few hundred bytes); dialogs and toasts arrive later.
      expect(files.filter((f) => /components\/ui\/(dialog|toaster|confirm-dialog)\.tsx$/.test(f))).toEqual([]);
      expect(files.filter((f) => /web\/src\/(app\/|features\/(?!worker-entry|work-tasks))/.test(f))).toEqual([]);
    });
  }
});
