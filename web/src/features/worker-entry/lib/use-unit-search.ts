import { useEffect, useRef, useState } from 'react';
import type { PublicRoom } from '../../../../../contract/worker.ts';
import { searchUnits } from '../api/worker-entry.ts';

/** Pause after a keystroke before asking: typing "B204" asks once, not four times. */
export const UNIT_SEARCH_DEBOUNCE_MS = 150;

export interface UnitSearch {
  /** The server's suggestions for `query`; null until the first answer. */
  units: PublicRoom[] | null;
  /** The (trimmed) text these suggestions answer. */
  query: string;
  error: unknown;
  retry: () => void;
}

/**
 * The QR page's unit suggestions come from the server (a 1,000-unit project sends 10 units, not
 * 1,000): asked as the worker types, after a short pause, and an answer to older text is dropped —
 * its request is cancelled the moment the text changes.
 */
export function useUnitSearch(qrId: string | null, text: string, enabled: boolean): UnitSearch {
  const [state, setState] = useState<Omit<UnitSearch, 'retry'>>({ units: null, query: '', error: null });
  const [attempt, setAttempt] = useState(0);
  const answered = useRef(false);
  const q = text.trim();

  useEffect(() => {
    if (!enabled || !qrId) return;
    const controller = new AbortController();
    // The first list (empty text) at once; later ones after the pause.
    const timer = setTimeout(
      () => {
        searchUnits(qrId, q, controller.signal).then(
          (units) => {
            if (controller.signal.aborted) return;
            answered.current = true;
            setState({ units, query: q, error: null });
          },
          (error: unknown) => {
            if (!controller.signal.aborted) setState((s) => ({ ...s, error }));
          },
        );
      },
      answered.current ? UNIT_SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [qrId, q, enabled, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
