import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// jsdom has no layout: scrolling is a no-op here rather than a "not implemented" message.
window.scrollTo = () => {};

// `findBy…` and `waitFor` wait for the work, not for a guess at how fast this machine is: on a loaded
// machine a screen can take seconds to appear, and a test fails only when it never does.
configure({ asyncUtilTimeout: 15_000 });
