import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useSubmissionKey } from './submission-key.ts';

const keyOf = (headers: Record<string, string>) => headers['idempotency-key'];

describe('useSubmissionKey', () => {
  it('sends one key for every click and retry of a submission, and a new one after it succeeded', () => {
    const { result } = renderHook(() => useSubmissionKey());
    const first = keyOf(result.current.headers());
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(result.current.headers())).toBe(first);
    result.current.renew();
    expect(keyOf(result.current.headers())).not.toBe(first);
  });

  it('keeps a key per record: deleting two units never shares a key, and renewing one keeps the other', () => {
    const { result, rerender } = renderHook(() => useSubmissionKey());
    const a = keyOf(result.current.headers('unit-a'));
    const b = keyOf(result.current.headers('unit-b'));
    expect(a).not.toBe(b);
    rerender();
    expect(keyOf(result.current.headers('unit-a'))).toBe(a);
    result.current.renew('unit-b');
    expect(keyOf(result.current.headers('unit-a'))).toBe(a);
    expect(keyOf(result.current.headers('unit-b'))).not.toBe(b);
  });
});
