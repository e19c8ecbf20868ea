import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { projectTypeLabelKey } from '../../../../../contract/project-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { useFacility, useQrCode } from '../api/qr.ts';
import { CopyTextButton } from '../components/copy-text-button.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { PrintStyles } from '../components/print-styles.tsx';
import { QrSvg } from '../components/qr-svg.tsx';
import { drawQrCanvas } from '../lib/qr-matrix.ts';
import { MAX_COPIES, MIN_COPIES, QR_SIZES, parseCopies, type QrSizeId } from '../lib/qr-print.ts';
import { PrinterIcon } from '../../../components/ui/icons.tsx';

/** On screen the preview shows the image size in pixels; on paper the code has its size in cm. */
const sizeClass: Record<QrSizeId, string> = {
  sticker: 'w-[120px] print:w-[5cm]',
  small: 'w-[180px] print:w-[8cm]',
  medium: 'w-[300px] print:w-[10cm]',
};

const cardClass = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm print:hidden';

function downloadPng(canvas: HTMLCanvasElement, fileName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('empty image'));
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      resolve();
    }, 'image/png');
  });
}

export default function QrPrintPage() {
  const { t } = useTranslation('qr');
  const facility = useFacility();
  const qr = useQrCode();
  const [sizeId, setSizeId] = useState<QrSizeId>('sticker');
  const [copiesText, setCopiesText] = useState('1');
  const [includeName, setIncludeName] = useState(true);
  const includeNameId = useId();
  const dataFieldId = useId();

  const size = QR_SIZES.find((s) => s.id === sizeId) ?? QR_SIZES[0];
  const copies = parseCopies(copiesText);
  const qrData = qr.data?.data ?? '';

  if (facility.isPending) return <Loading />;
  if (facility.isError)
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-4 text-2xl font-bold">{t('print.title')}</h1>
        <ErrorState message={t('print.fetchFacilityError')} onRetry={() => void facility.refetch()} retrying={facility.isFetching} />
      </div>
    );
  const project = facility.data;
  const sizeLabel = t(`print.sizes.${size.id}`);
  const qrAlt = t('print.qrAlt', { name: project.name });

  function openScanForm() {
    if (!qrData) {
      toast({ title: t('print.noQrData'), variant: 'destructive' });
      return;
    }
    window.open(qrData, '_blank', 'noopener,noreferrer');
  }

  async function download() {
    try {
      const canvas = document.createElement('canvas');
      drawQrCanvas(canvas, qrData, size.px, includeName ? project.name : undefined);
      const slug = project.uniqueQrId.replace(/[^\w-]+/g, '').slice(0, 32) || 'project';
      await downloadPng(canvas, `qr-${slug}-${size.id}.png`);
    } catch {
      toast({ title: t('print.downloadFailed'), variant: 'destructive' });
    }
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PrintStyles page="size: A4; margin: 12mm;" />
      <header className="space-y-1 print:hidden">
        <h1 className="text-2xl font-bold">{t('print.title')}</h1>
        <p className="text-slate-700">{t('print.subtitle')}</p>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <section aria-labelledby="qr-facility" className={cardClass}>
            <h2 id="qr-facility" className="mb-3 text-lg font-semibold">
              {t('print.facility')}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-slate-700">{t('print.name')}</dt>
              <dd dir="auto" className="min-w-0 break-words" data-testid="facility-details-name">
                {project.name}
              </dd>
              <dt className="font-medium text-slate-700">{t('print.type')}</dt>
              <dd>{t(projectTypeLabelKey(project.facilityType), { defaultValue: project.facilityType })}</dd>
              <dt className="font-medium text-slate-700">{t('print.uniqueId')}</dt>
              <dd className="min-w-0 break-all">
                <span dir="ltr" className="font-mono">
                  {project.uniqueQrId}
                </span>
              </dd>
            </dl>
          </section>

          <section aria-labelledby="qr-settings" className={`${cardClass} space-y-4`}>
            <h2 id="qr-settings" className="text-lg font-semibold">
              {t('print.settings')}
            </h2>
            <SelectField label={t('print.size')} value={sizeId} onChange={(e) => setSizeId(e.target.value as QrSizeId)}>
              {QR_SIZES.map((s) => (
                <option key={s.id} value={s.id}>
                  {t(`print.sizes.${s.id}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('print.copies')}
              type="number"
              inputMode="numeric"
              min={MIN_COPIES}
              max={MAX_COPIES}
              step={1}
              value={copiesText}
              onChange={(e) => setCopiesText(e.target.value)}
              onBlur={() => setCopiesText(String(copies))}
            />
            <div className="flex min-h-11 items-center gap-3">
              <input
                id={includeNameId}
                type="checkbox"
                className="h-5 w-5 accent-blue-700"
                checked={includeName}
                onChange={(e) => setIncludeName(e.target.checked)}
              />
              <label htmlFor={includeNameId} className="text-sm font-medium text-slate-800">
                {t('print.includeName')}
              </label>
            </div>
          </section>

          <section aria-labelledby="qr-data" className={`${cardClass} space-y-3`}>
            <h2 id="qr-data" className="text-lg font-semibold">
              <label htmlFor={dataFieldId}>{t('print.data')}</label>
            </h2>
            {qr.isError ? (
              <ErrorState message={t('print.qrError')} onRetry={() => void qr.refetch()} retrying={qr.isFetching} />
            ) : (
              <div className="flex flex-col gap-2 sm:flex-row">
                <input
                  id={dataFieldId}
                  readOnly
                  dir="ltr"
                  value={qr.isPending ? t('print.generating') : qrData}
                  onFocus={(e) => e.currentTarget.select()}
                  className="block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
                />
                <CopyTextButton text={qrData} disabled={!qrData} />
              </div>
            )}
            <div className="flex flex-wrap gap-2 pt-1">
              <Button onClick={() => window.print()} disabled={!qrData}>
                <PrinterIcon />
                {t('print.print')}
              </Button>
              <Button variant="secondary" onClick={() => void download()} disabled={!qrData}>
                <span aria-hidden>⬇</span>
                {t('print.download')}
              </Button>
              <Button variant="secondary" onClick={openScanForm}>
                <span aria-hidden>↗</span>
                {t('print.openScan')}
              </Button>
            </div>
          </section>

        </div>

        <section aria-labelledby="qr-preview" className="space-y-3 self-start rounded-xl lg:sticky lg:top-20 border border-slate-200 bg-white p-4 shadow-sm print:border-0 print:p-0 print:shadow-none">
          <h2 id="qr-preview" className="text-lg font-semibold print:hidden">
            {t('print.preview')}
          </h2>
          <p className="text-sm text-slate-700 print:hidden" data-testid="qr-preview-summary">
            {t('print.previewSummary', { copies, size: sizeLabel })}
          </p>
          {qr.isPending ? (
            <Loading />
          ) : qrData ? (
            <div className="qr-print-area flex flex-wrap justify-center gap-4 print:justify-start print:gap-[8mm]" data-testid="qr-print-sheet">
              {Array.from({ length: copies }, (_, i) => (
                <figure key={i} data-testid="qr-copy" className="flex flex-col items-center gap-1 break-inside-avoid">
                  <QrSvg text={qrData} label={qrAlt} margin={2} className={`h-auto max-w-full ${sizeClass[size.id]}`} />
                  {includeName && (
                    <figcaption dir="auto" className={`text-center text-sm font-semibold break-words text-black ${sizeClass[size.id]}`}>
                      {project.name}
                    </figcaption>
                  )}
                </figure>
              ))}
            </div>
          ) : (
            <p className="text-sm text-slate-700">{t('print.qrError')}</p>
          )}
        </section>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="qr-instructions" className={cardClass}>
          <h2 id="qr-instructions" className="mb-3 text-lg font-semibold">
            {t('instructions.title')}
          </h2>
          <ol className="list-decimal space-y-2 ps-5 text-sm text-slate-800">
            {(['step1', 'step2', 'step3', 'step4'] as const).map((k) => (
              <li key={k}>{t(`instructions.${k}`)}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="qr-tips" className={cardClass}>
          <h2 id="qr-tips" className="mb-3 text-lg font-semibold">
            {t('tips.title')}
          </h2>
          <ul className="list-disc space-y-2 ps-5 text-sm text-slate-800">
            {(['tip1', 'tip2', 'tip3', 'tip4', 'tip5'] as const).map((k) => (
              <li key={k}>{t(`tips.${k}`)}</li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="qr-unit-labels" className={`${cardClass} space-y-2`}>
        <h2 id="qr-unit-labels" className="text-lg font-semibold">
          {t('print.unitLabelsTitle')}
        </h2>
        <p className="text-sm text-slate-700">{t('print.unitLabelsHint')}</p>
        <Link
          to="/unit-labels"
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-medium text-blue-800 hover:bg-slate-100"
        >
          {t('print.unitLabelsLink')}
        </Link>
      </section>
    </div>
  );
}
