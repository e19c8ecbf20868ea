import { useTranslation } from '#web/lib/i18n-react.tsx';
import { A4, AVERY_L7160, labelsPerPage, paginate, type LabelLayout } from '../lib/label-layout.ts';
import { UnitLabel } from './unit-label.tsx';

const averyGrid = {
  paddingTop: `${AVERY_L7160.marginTop}mm`,
  paddingInline: `${AVERY_L7160.marginSide}mm`,
  display: 'grid',
  gridTemplateColumns: `repeat(${AVERY_L7160.columns}, ${AVERY_L7160.labelWidth}mm)`,
  gridAutoRows: `${AVERY_L7160.labelHeight}mm`,
  columnGap: `${AVERY_L7160.columnGap}mm`,
  rowGap: `${AVERY_L7160.rowGap}mm`,
  alignContent: 'start',
} as const;

/**
 * The printed sheet, page by page at real size (millimetres). On screen it is the preview, scaled
 * down to fit by the page's screen styles; in print it is all that is printed (`qr-print-area`).
 */
export function LabelSheet({
  units,
  layout,
  projectName,
  publicUrl,
  cleaning,
}: {
  units: readonly { id: string; number: string }[];
  layout: LabelLayout;
  projectName: string;
  publicUrl: string;
  cleaning?: boolean;
}) {
  const { t } = useTranslation('qr');
  const pages = paginate(units, labelsPerPage(layout));
  return (
    <div data-testid="label-sheet" className="qr-print-area qr-label-sheet">
      {pages.map((page, i) => (
        <section
          key={page[0].id}
          data-testid="label-page"
          aria-label={t('labels.page', { page: i + 1, pages: pages.length })}
          className="qr-label-page mx-auto mb-6 overflow-hidden bg-white shadow-md ring-1 ring-slate-300 print:m-0 print:shadow-none print:ring-0"
          style={{
            width: `${A4.width}mm`,
            height: `${A4.height}mm`,
            breakAfter: i < pages.length - 1 ? 'page' : 'auto',
            ...(layout === 'avery' ? averyGrid : { padding: '15mm' }),
          }}
        >
          {page.map((unit) => (
            <UnitLabel key={unit.id} unit={unit} projectName={projectName} publicUrl={publicUrl} layout={layout} cleaning={cleaning} />
          ))}
        </section>
      ))}
    </div>
  );
}
