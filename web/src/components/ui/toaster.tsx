import { useSyncExternalStore } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { dirOf } from '#web/lib/i18n.ts';
import { currentToast, dismissToast, subscribeToast, type ToastInput } from './toast.ts';

const variantClass: Record<NonNullable<ToastInput['variant']>, string> = {
  default: 'bg-white border-slate-200 text-slate-900',
  success: 'bg-emerald-50 border-emerald-300 text-emerald-900',
  destructive: 'bg-red-50 border-red-300 text-red-900',
};

/** Swipe away in the reading direction: right in LTR, left in RTL. */
export const swipeDirectionFor = (lng: string) => (dirOf(lng) === 'rtl' ? 'left' : 'right');

export function Toaster() {
  const item = useSyncExternalStore(subscribeToast, currentToast, () => null);
  const { t, i18n } = useTranslation('common');
  const swipeDirection = swipeDirectionFor(i18n.language);
  return (
    <RadixToast.Provider swipeDirection={swipeDirection} swipeThreshold={50} duration={5000} label={t('toast.region', { hotkey: 'F8' })}>
      {item && (
        <RadixToast.Root
          key={item.id}
          duration={item.duration ?? 5000}
          onOpenChange={(open) => !open && dismissToast()}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-none ${variantClass[item.variant ?? 'default']}`}
          data-testid="toast"
        >
          <div className="flex-1">
            <RadixToast.Title className="font-semibold">{item.title}</RadixToast.Title>
            {item.description && <RadixToast.Description className="mt-1 text-sm">{item.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close
            aria-label={t('actions.close')}
            className="-m-2 min-h-11 min-w-11 rounded text-xl leading-none opacity-70 hover:opacity-100"
          >
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="fixed bottom-0 end-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
