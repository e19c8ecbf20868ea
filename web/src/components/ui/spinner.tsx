import { useEffect } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-8 text-slate-600">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700" aria-hidden />
      <span>{label ?? t('state.loading')}</span>
    </div>
  );
}

/**
 * An address this app does not render (the worker pages and the signed-in app are separate
 * entries): load it as a document, so the server sends the entry that does.
 */
export function DocumentReload() {
  useEffect(() => window.location.reload(), []);
  return <Loading />;
}
