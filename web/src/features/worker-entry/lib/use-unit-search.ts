import { useEffect, useRef, useState } from 'react';
import type { PublicRoom } from '#contract/worker.ts';
import { searchUnits } from '../api/worker-entry.ts';

/** Pause after a keystroke before asking: typing "B204" asks once, not four times. */
export const UNIT_SEARCH_DEBOUNCE_MS = 150;

export interface UnitSearch {
  /** The server's suggestions for `query`; null until the first answer. */
  units: PublicRoom[] | null;
  /** The (trimmed) text these suggestions answer. */
  query: string;
  /** Without signal: the suggestions are the units seen on this phone. */
  offline: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * The QR page's unit suggestions come from the server (a 1,000-unit project sends 10 units, not
 * 1,000): asked as the worker types, after a short pause, and an answer to older text is dropped —
 * its request is cancelled the moment the text changes.
 */
export function useUnitSearch(qrId: string | null, text: string, enabled: boolean): UnitSearch {
  const [state, setState] = useState<Omit<UnitSearch, 'retry'>>({ units: null, query: '', error: null, offline: false });
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
          ({ units, offline }) => {
            if (controller.signal.aborted) return;
            answered.current = true;
            setState({ units, query: q, error: null, offline });
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

  // Suggestions from the phone's list are asked again from the server once the signal is back.
  const offline = state.offline;
  useEffect(() => {
    if (!offline) return;
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [offline]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
