import { useTranslation } from '#web/lib/i18n-react.tsx';

/** "Back" on the QR page's steps: a full-width secondary button whose arrow turns with the reading direction. */
export function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('qrScan');
  return (
    <button
      type="button"
      onClick={onBack}
      className="flex min-h-12 w-full items-center justify-center gap-2 rounded-xl border-2 border-slate-500 bg-white px-6 text-lg font-semibold text-slate-900 hover:bg-slate-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300"
    >
      <span aria-hidden className="inline-block rtl:-scale-x-100">
        ←
      </span>
      {t('back')}
    </button>
  );
}
