import { useSyncExternalStore } from 'react';

/** Narrower than Tailwind's `sm` (640 px): the review queue shows one stage at a time. */
const PHONE = '(max-width: 639.98px)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : undefined);

/** Whether the screen is a phone's width, following rotation and resizing. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = media();
      m?.addEventListener?.('change', onChange);
      return () => m?.removeEventListener?.('change', onChange);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}
