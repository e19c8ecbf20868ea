/**
 * How long a test may take before it counts as hung: hang guards, not speed limits (a test fails on
 * its assertions). CI runs the browser suite beside both vitest runs on a 2-core machine, where a
 * test took three to seven times as long as alone (docs/decisions/040-test-suite-time.md); there
 * every budget is four times its local value. Used by vitest.config.ts, playwright.config.ts, the
 * browser specs, the child servers and the web tests' waits.
 */
const SLOWDOWN = process.env.CI ? 4 : 1;

/** A time-out of `ms` on an idle machine, as this run should allow it. */
export const budget = (ms: number) => ms * SLOWDOWN;
