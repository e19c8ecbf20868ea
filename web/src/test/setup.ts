import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { budget } from '#test-budget';

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Test files of the web project share one jsdom per worker (`isolate: false` in vitest.config.ts, three
// times faster than a fresh page per file): each file starts from the app's own modules evaluated
// afresh, a blank document, empty storage, real timers and no stubs, as if it had the page to itself.
vi.resetModules();
document.head.replaceChildren();
document.body.replaceChildren();
for (const attribute of [...document.documentElement.attributes]) document.documentElement.removeAttribute(attribute.name);
localStorage.clear();
sessionStorage.clear();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

// jsdom has no layout: scrolling is a no-op here rather than a "not implemented" message.
window.scrollTo = () => {};

// `findBy…` and `waitFor` wait for the work, not for a guess at how fast this machine is: on a loaded
// machine a screen can take seconds to appear, and a test fails only when it never does.
configure({ asyncUtilTimeout: budget(15_000) });
