import { useId } from 'react';
import { projectTypeLabelKey } from '#contract/project-types.ts';
import { Link } from 'react-router';
import type { Facility } from '#contract/facility.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { PrinterIcon } from '#web/components/ui/icons.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { MAX_COPIES, MIN_COPIES, QR_SIZES, type QrSizeId } from '../lib/qr-print.ts';
import type { QrPrintSettings } from '../lib/use-qr-print.ts';
import { CopyTextButton } from './copy-text-button.tsx';
import { ErrorState } from './error-state.tsx';
import { QrSvg } from './qr-svg.tsx';

/** The parts of the project QR page (/qr-print). */

/** On screen the preview shows the image size in pixels; on paper the code has its size in cm. */
const sizeClass: Record<QrSizeId, string> = {
  sticker: 'w-[120px] print:w-[5cm]',
  small: 'w-[180px] print:w-[8cm]',
  medium: 'w-[300px] print:w-[10cm]',
};

export const cardClass = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm print:hidden';

export function ProjectCard({ project }: { project: Facility }) {
  const { t } = useTranslation('qr');
  return (
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
  );
}

export function PrintSettingsCard({ settings }: { settings: QrPrintSettings }) {
  const { t } = useTranslation('qr');
  const includeNameId = useId();
  return (
    <section aria-labelledby="qr-settings" className={`${cardClass} space-y-4`}>
      <h2 id="qr-settings" className="text-lg font-semibold">
        {t('print.settings')}
      </h2>
      <SelectField label={t('print.size')} value={settings.sizeId} onChange={(e) => settings.setSizeId(e.target.value as QrSizeId)}>
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
        value={settings.copiesText}
        onChange={(e) => settings.setCopiesText(e.target.value)}
        onBlur={() => settings.setCopiesText(String(settings.copies))}
      />
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={includeNameId}
          type="checkbox"
          className="h-5 w-5 accent-blue-700"
          checked={settings.includeName}
          onChange={(e) => settings.setIncludeName(e.target.checked)}
        />
        <label htmlFor={includeNameId} className="flex min-h-11 flex-1 cursor-pointer items-center text-sm font-medium text-slate-800">
          {t('print.includeName')}
        </label>
      </div>
    </section>
  );
}

interface QrDataCardProps {
  qr: { isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  qrData: string;
  onDownload: () => void;
  onOpenScanForm: () => void;
}

/** The text the QR encodes, to copy, and the print / download / open actions. */
export function QrDataCard({ qr, qrData, onDownload, onOpenScanForm }: QrDataCardProps) {
  const { t } = useTranslation('qr');
  const dataFieldId = useId();
  return (
    <section aria-labelledby="qr-data" className={`${cardClass} space-y-3`}>
      <h2 id="qr-data" className="text-lg font-semibold">
        <label htmlFor={dataFieldId}>{t('print.data')}</label>
      </h2>
      {qr.isError ? (
        <ErrorState message={t('print.qrError')} error={qr.error} onRetry={() => void qr.refetch()} retrying={qr.isFetching} />
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
        <Button variant="secondary" onClick={onDownload} disabled={!qrData}>
          <span aria-hidden>⬇</span>
          {t('print.download')}
        </Button>
        <Button variant="secondary" onClick={onOpenScanForm}>
          <span aria-hidden>↗</span>
          {t('print.openScan')}
        </Button>
      </div>
    </section>
  );
}

/** The sheet as it prints: `copies` codes of the chosen size, each with the project name if asked. */
export function QrPreview({
  project,
  qrData,
  pending,
  settings,
}: {
  project: Facility;
  qrData: string;
  pending: boolean;
  settings: QrPrintSettings;
}) {
  const { t } = useTranslation('qr');
  const { size, copies, includeName } = settings;
  const qrAlt = t('print.qrAlt', { name: project.name });
  return (
    <section
      aria-labelledby="qr-preview"
      className="space-y-3 self-start rounded-xl lg:sticky lg:top-20 border border-slate-200 bg-white p-4 shadow-sm print:border-0 print:p-0 print:shadow-none"
    >
      <h2 id="qr-preview" className="text-lg font-semibold print:hidden">
        {t('print.preview')}
      </h2>
      <p className="text-sm text-slate-700 print:hidden" data-testid="qr-preview-summary">
        {t('print.previewSummary', { copies, size: t(`print.sizes.${size.id}`) })}
      </p>
      {pending ? (
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
  );
}

/** How to put the QR up, tips, and the way to the per-unit labels. */
export function QrGuide() {
  const { t } = useTranslation('qr');
  return (
    <>
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
    </>
  );
}
