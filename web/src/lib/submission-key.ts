import { useRef } from 'react';

/**
 * The `Idempotency-Key` of one form's submission: the same key for a double-click and for every
 * retry of that submission, so the server creates one record or runs the action once
 * (docs/decisions/015-idempotent-creates.md); a new key once it succeeded, for the next one. A
 * refused submission keeps its key: the server frees it, and the corrected form is the same
 * submission. An action on one of many records (delete this unit) passes the record's id as
 * `scope`, so that actions on two records never share a key.
 */
export function useSubmissionKey() {
  const keys = useRef(new Map<string, string>());
  return {
    headers: (scope = ''): Record<string, string> => {
      let key = keys.current.get(scope);
      if (key === undefined) keys.current.set(scope, (key = crypto.randomUUID()));
      return { 'idempotency-key': key };
    },
    renew: (scope = ''): void => {
      keys.current.delete(scope);
    },
  };
}
