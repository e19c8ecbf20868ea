import { useRef } from 'react';

/**
 * The `Idempotency-Key` of one form's submission: the same key for a double-click and for every
 * retry of that submission, so the server creates one record (docs/decisions/015-idempotent-creates.md);
 * a new key once it succeeded, for the next record. A refused submission keeps its key: the server
 * frees it, and the corrected form is the same submission.
 */
export function useSubmissionKey() {
  const key = useRef<string | null>(null);
  return {
    headers: (): Record<string, string> => ({ 'idempotency-key': (key.current ??= crypto.randomUUID()) }),
    renew: () => {
      key.current = null;
    },
  };
}
