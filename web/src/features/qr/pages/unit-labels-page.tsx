import { Link } from 'react-router';
import type { Facility } from '#contract/facility.ts';
import type { Room } from '#contract/rooms.ts';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useWording } from '#web/lib/use-wording.ts';
import { useFacility, useUnits } from '../api/qr.ts';
import { ErrorState } from '../components/error-state.tsx';
import { LabelPrintCard, LabelSelectionCard } from '../components/label-options.tsx';
import { LabelSheet } from '../components/label-sheet.tsx';
import { PrintStyles } from '../components/print-styles.tsx';
import { useLabelSelection } from '../lib/use-label-selection.ts';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

/**
 * Screen only: the A4 preview is scaled to the space there is (210 mm is wider than a phone).
 * Print: real size, each sheet exactly one page, the page box a hair under 297 mm so rounding can
 * never push a blank page out.
 */
const SHEET_STYLES = `
@media screen {
  .qr-label-sheet { zoom: 0.38; }
  @media (min-width: 640px) { .qr-label-sheet { zoom: 0.75; } }
  @media (min-width: 1280px) { .qr-label-sheet { zoom: 1; } }
}
@media print {
  .qr-label-page { height: 296.5mm !important; }
  .qr-label-sheet { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

function LabelsTitle() {
  const { tw: t } = useWording('qr');
  return (
    <header className="space-y-1 print:hidden">
      <h1 className="text-2xl font-bold">{t('labels.title')}</h1>
      <p className="text-slate-700">{t('labels.subtitle')}</p>
    </header>
  );
}

/** /unit-labels: a QR label per unit, leading to that unit's tasks, printed on A4 sheets. */
export default function UnitLabelsPage() {
  const { tw: t } = useWording('qr');
  const facility = useFacility();
  const units = useUnits();

  if (facility.isPending || units.isPending) return <Loading />;
  if (facility.isError || units.isError)
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <LabelsTitle />
        {facility.isError ? (
          <ErrorState
            message={t('print.fetchFacilityError')}
            error={facility.error}
            onRetry={() => void facility.refetch()}
            retrying={facility.isFetching}
          />
        ) : (
          <ErrorState
            message={t('labels.fetchRoomsError')}
            error={units.error}
            onRetry={() => void units.refetch()}
            retrying={units.isFetching}
          />
        )}
      </div>
    );
  if (units.data.length === 0)
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <LabelsTitle />
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <p className="mb-4 text-slate-800">{t('labels.empty')}</p>
          <Link
            to="/room-generator"
            className="inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800"
          >
            {t('labels.emptyAction')}
          </Link>
        </div>
      </div>
    );
  return <LabelsEditor project={facility.data} units={units.data} />;
}

function LabelsEditor({ project, units }: { project: Facility; units: Room[] }) {
  const { tw: t, wording } = useWording('qr');
  const selection = useLabelSelection(units);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PrintStyles page="size: A4; margin: 0;" extra={SHEET_STYLES} />
      <LabelsTitle />
      <div className="grid gap-6 print:hidden lg:grid-cols-2">
        <LabelSelectionCard s={selection} />
        <LabelPrintCard s={selection} />
      </div>
      {selection.selected.length > 0 && (
        <ScrollRegion
          label={t('labels.preview')}
          className="rounded-xl bg-slate-100 p-2 sm:p-4 print:overflow-visible print:bg-white print:p-0"
        >
          <LabelSheet
            units={selection.selected}
            layout={selection.layout}
            projectName={project.name}
            publicUrl={project.publicUrl}
            cleaning={wording === 'cleaning'}
          />
        </ScrollRegion>
      )}
    </div>
  );
}
