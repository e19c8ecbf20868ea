import type { Facility } from '#contract/facility.ts';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useFacility, useQrCode } from '../api/qr.ts';
import { ErrorState } from '../components/error-state.tsx';
import { PrintStyles } from '../components/print-styles.tsx';
import { PrintSettingsCard, ProjectCard, QrDataCard, QrGuide, QrPreview } from '../components/qr-print-sections.tsx';
import { useQrActions, useQrPrintSettings } from '../lib/use-qr-print.ts';

/** /qr-print: the project QR, to print in copies or download, with how to put it up. */
export default function QrPrintPage() {
  const { t } = useTranslation('qr');
  const facility = useFacility();
  const qr = useQrCode(); // asked at once, beside the project

  if (facility.isPending) return <Loading />;
  if (facility.isError)
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-4 text-2xl font-bold">{t('print.title')}</h1>
        <ErrorState
          message={t('print.fetchFacilityError')}
          error={facility.error}
          onRetry={() => void facility.refetch()}
          retrying={facility.isFetching}
        />
      </div>
    );
  return <QrPrintSheet project={facility.data} qr={qr} />;
}

function QrPrintSheet({ project, qr }: { project: Facility; qr: ReturnType<typeof useQrCode> }) {
  const { t } = useTranslation('qr');
  const qrData = qr.data?.data ?? '';
  const settings = useQrPrintSettings();
  const actions = useQrActions(project, qrData, settings);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PrintStyles page="size: A4; margin: 12mm;" />
      <header className="space-y-1 print:hidden">
        <h1 className="text-2xl font-bold">{t('print.title')}</h1>
        <p className="text-slate-700">{t('print.subtitle')}</p>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <ProjectCard project={project} />
          <PrintSettingsCard settings={settings} />
          <QrDataCard qr={qr} qrData={qrData} onDownload={() => void actions.download()} onOpenScanForm={actions.openScanForm} />
        </div>
        <QrPreview project={project} qrData={qrData} pending={qr.isPending} settings={settings} />
      </div>

      <QrGuide />
    </div>
  );
}
