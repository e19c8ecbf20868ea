/** Runs `fn` when the browser is idle (at the latest after `timeoutMs`); returns a cancel function. */
export function whenIdle(fn: () => void, timeoutMs = 3000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, Math.min(1000, timeoutMs));
  return () => clearTimeout(id);
}
