import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { budget } from './test-budget.ts';

const PORT = Number(process.env.E2E_PORT ?? 5099);
export const baseURL = `http://localhost:${PORT}`;

/**
 * Debian's headless shell when it is installed (`apt-get install chromium-headless-shell`), else
 * Debian's Chromium; never `playwright install`. `--headless` makes the full browser run its new
 * headless mode, the whole browser with its own interface pages; the shell is the headless build
 * Playwright itself runs by default: the 40 browser tests in 144 s and 86 processor-seconds against
 * 187 s and 128 on the same idle machine (docs/decisions/040-test-suite-time.md).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const browserPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The browser and the flags this closed network needs. */
export const chromiumLaunch = {
  executablePath: browserPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  timeout: budget(60_000),
  expect: { timeout: budget(10_000) },
  fullyParallel: false,
  // Two spec files at a time against the one server: every spec registers its own project (or works on
  // members of its own in the demo project), and a browser test mostly waits on the page, so two
  // share the machine well (docs/decisions/040-test-suite-time.md).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A trace records a screenshot of every frame and a snapshot of the page at every step: on every
    // test, that was a third of the browser suite's processor time (two specs: 42 → 29 CPU-seconds),
    // on a CI machine the suites share. CI records it for a failed test's retry; locally, every
    // failure keeps one (docs/decisions/040-test-suite-time.md).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } }],
  webServer: {
    // A fresh embedded database each run; demo data on, so the demo logins work too.
    command: `rm -rf .tmp/e2e-data && node --import tsx server/main.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: '.tmp/e2e-data',
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      BILLING_ALLOW_FUTURE_DATES: '1',
    },
  },
});
