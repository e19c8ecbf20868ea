import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Feature boundaries: a feature imports no other feature's internals. What several features share
 * lives in web/src/lib (queries, hooks) or web/src/components. One override per feature folder, so
 * the rule knows which feature is "own".
 */
const FEATURES = readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureBoundary = (feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            // `#web/features/<other>/…` (how web/src's other parts are imported), or, climbing,
            // `../../<other>/…` from a file of this feature or any path through `features/<other>/`.
            // Only the names of other features count: `../../lib/…` from a file at a feature's top level is web/src/lib.
            regex: `^(?:#web/features/|\\.\\./\\.\\./|(?:\\.\\./)+features/)(?:${FEATURES.filter((f) => f !== feature).join('|')})/`,
            message: "A feature imports no other feature's internals: move what both need to web/src/lib or web/src/components.",
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'server/db/migrations/**',
      'web/public/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits hides its failure; a switch over a union must name every case.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // CODE_STYLE.md: a function stays under ~150 lines; a longer one says why where it starts.
    files: ['server/**/*.ts', 'web/src/**/*.{ts,tsx}', 'contract/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...FEATURES.map(featureBoundary),
);
