import { Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { CameraIcon } from './ui/icons.tsx';
import { LoadFailed, lazyOr } from './ui/load-failed.tsx';

// The scanner (and qr-scanner behind it) is fetched on the tap: no page's first download carries it.
const QrScanner = lazyOr(() => import('./qr-scanner.tsx'), LoadFailed);

/** "Scan the next unit" (docs/product.md "Working without signal"): opens the in-page scanner. */
export function QrScannerButton({ context, primary = false }: { context?: 'room'; primary?: boolean }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen(true)}
        className={`flex min-h-12 w-full items-center justify-center gap-2 rounded-md px-4 text-base font-semibold focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300 ${
          primary ? 'bg-blue-700 text-white hover:bg-blue-800' : 'border-2 border-slate-400 bg-white text-slate-900 hover:bg-slate-100'
        }`}
        data-testid="scan-next"
      >
        <CameraIcon /> {open ? t('scanner.opening') : t('scanner.open', { context })}
      </button>
      {open && (
        <Suspense fallback={null}>
          <QrScanner onClose={close} />
        </Suspense>
      )}
    </>
  );
}
