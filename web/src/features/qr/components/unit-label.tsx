import { memo } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { unitQrLink } from '#contract/facility.ts';
import { AVERY_L7160, type LabelLayout } from '../lib/label-layout.ts';
import { QrSvg } from './qr-svg.tsx';

/** Long unit numbers get a smaller type so they stay on the label. */
const numberSize = (number: string, layout: LabelLayout) => {
  const n = number.length;
  if (layout === 'single') return n <= 6 ? '32mm' : n <= 12 ? '18mm' : '10mm';
  return n <= 5 ? '7mm' : n <= 8 ? '5mm' : '3.5mm';
};

/**
 * One unit's label: its number, the project's name and a QR code that opens the unit's task page
 * directly (`/work-tasks/{unitId}`). An L7160 label is 63.5 × 38.1 mm with a 32 mm code — well
 * above the 2 cm a phone needs; the one-per-page label has a 12 cm code for doors and walls.
 */
export const UnitLabel = memo(function UnitLabel({
  unit,
  projectName,
  publicUrl,
  layout,
  cleaning,
}: {
  unit: { id: string; number: string };
  projectName: string;
  publicUrl: string;
  layout: LabelLayout;
  cleaning?: boolean;
}) {
  const { t } = useTranslation('qr');
  const link = unitQrLink(publicUrl, unit.id);
  const alt = t('labels.qrAlt', { number: unit.number, context: cleaning ? 'cleaning' : undefined });

  if (layout === 'single') {
    return (
      <div
        data-testid="unit-label"
        data-unit-id={unit.id}
        className="flex h-full flex-col items-center justify-center gap-[8mm] text-center text-black"
      >
        <div dir="auto" className="font-bold leading-none break-all" style={{ fontSize: numberSize(unit.number, layout) }}>
          {unit.number}
        </div>
        <QrSvg text={link} label={alt} className="h-[120mm] w-[120mm]" />
        <div dir="auto" className="max-w-[170mm] text-[8mm] leading-tight">
          {projectName}
        </div>
      </div>
    );
  }

  return (
    <div
      data-testid="unit-label"
      data-unit-id={unit.id}
      className="flex items-center gap-[2mm] overflow-hidden px-[2.5mm] text-black"
      style={{ width: `${AVERY_L7160.labelWidth}mm`, height: `${AVERY_L7160.labelHeight}mm` }}
    >
      <QrSvg text={link} label={alt} className="h-[32mm] w-[32mm] shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-[1.5mm]">
        <div dir="auto" className="font-bold leading-none break-all" style={{ fontSize: numberSize(unit.number, layout) }}>
          {unit.number}
        </div>
        <div dir="auto" className="line-clamp-3 text-[3mm] leading-tight break-words">
          {projectName}
        </div>
      </div>
    </div>
  );
});
