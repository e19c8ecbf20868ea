import { useEffect, useState } from 'react';

/** `value`, passed on `ms` after it last changed: typed filters reach the server once typing pauses. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}
