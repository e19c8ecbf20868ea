import { useEffect, useState } from 'react';
import { navigate } from '#web/lib/navigation.ts';
import { languageWasChosen } from '#web/lib/worker-memory.ts';

type StepName = 'language' | 'details';
interface StepState {
  /** This entry was pushed by choosing the language: "back" is the browser's own back. */
  fromLanguage?: boolean;
}

const urlWithStep = (url: URL, step: StepName) => {
  const next = new URLSearchParams(url.searchParams);
  next.set('step', step);
  return `${url.pathname}?${next}`;
};

/**
 * The QR page's step lives in the address (`?step=language|details`), so a reload keeps it and the
 * browser's back from the details returns to the language step, not out of the app. A phone that
 * already chose its language opens on the details (docs/product.md "Working without signal", "It
 * remembers the worker"); the language stays changeable from the header.
 */
export function useEntryStep(url: URL) {
  const [chosenAtOpen] = useState(languageWasChosen);
  const param = url.searchParams.get('step');
  const step: 1 | 2 = param === 'details' ? 2 : param === 'language' ? 1 : chosenAtOpen ? 2 : 1;

  // Name the opening step in the address, so back and reload find it again.
  useEffect(() => {
    if (param !== 'details' && param !== 'language') navigate(urlWithStep(url, step === 2 ? 'details' : 'language'), { replace: true });
  }, [param, step, url]);

  const toDetails = () => navigate(urlWithStep(url, 'details'), { state: { fromLanguage: true } satisfies StepState });
  const back = () => {
    if ((window.history.state as StepState | null)?.fromLanguage) window.history.back();
    else navigate(urlWithStep(url, 'language'), { replace: true });
  };
  /** After the inactivity time-out: the first step again (the details when the language is known). */
  const restart = () => navigate(urlWithStep(url, languageWasChosen() ? 'details' : 'language'), { replace: true });
  return { step, toDetails, back, restart };
}
