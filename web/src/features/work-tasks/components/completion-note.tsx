import { useTranslation } from '#web/lib/i18n-react.tsx';
import { linkTo } from '#web/lib/navigation.ts';
import { QrScannerButton } from '#web/components/qr-scanner-button.tsx';
import { ArrowNextIcon, CheckIcon, HomeIcon } from '#web/components/ui/icons.tsx';

const bigLink = 'inline-flex min-h-14 w-full items-center justify-center gap-2 rounded-md px-4 text-base font-semibold';

/** After the list: all done (on to the next unit) or not yet (back home, the rest stays open). */
export function CompletionNote({ context, allDone }: { context: 'room' | undefined; allDone: boolean }) {
  const { t } = useTranslation('workTasks');
  return allDone ? (
    <section
      className="space-y-3 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4 text-center text-emerald-900"
      data-testid="all-done"
    >
      <p className="flex items-center justify-center gap-2 text-xl font-bold">
        <CheckIcon className="h-7 w-7" /> {t('completion.allDone')}
      </p>
      <QrScannerButton context={context} primary />
      <a {...linkTo('/qr-scan')} className={`${bigLink} bg-blue-700 text-white hover:bg-blue-800`}>
        <ArrowNextIcon /> {t('completion.nextUnit', { context })}
      </a>
    </section>
  ) : (
    <section className="space-y-3 rounded-xl border border-slate-300 bg-white p-4">
      <p className="text-slate-800">{t('completion.openNote')}</p>
      <a {...linkTo('/')} className={`${bigLink} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}>
        <HomeIcon /> {t('completion.backHome')}
      </a>
    </section>
  );
}
