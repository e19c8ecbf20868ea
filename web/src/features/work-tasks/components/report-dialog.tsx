import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { locationNote } from '#contract/worker-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { reportMeasurement, reportShortage } from '../api/work-tasks.ts';
import { MEASUREMENT_DEFAULTS, validateMeasurement, type FieldError, type MeasurementValues } from '../lib/report-form.ts';
import { MM_MAX, QUANTITY_MAX } from '#web/lib/report-validation.ts';
import { keepDraft, recallDraft } from '#web/lib/worker-memory.ts';

export type ReportKind = 'shortage' | 'measurement';

const FIELDS = Object.keys(MEASUREMENT_DEFAULTS) as (keyof MeasurementValues)[];
const sameAsDefaults = (v: MeasurementValues) => FIELDS.every((k) => v[k] === MEASUREMENT_DEFAULTS[k]);

/** The fields of a report typed before a reload; the defaults for anything not kept. */
function recalledReport(key: string): MeasurementValues {
  const draft = recallDraft<MeasurementValues>(key);
  const values = { ...MEASUREMENT_DEFAULTS };
  for (const k of FIELDS) if (typeof draft?.[k] === 'string') values[k] = draft[k];
  return values;
}

/**
 * "Add shortage" and "add measurement" (docs/product.md "Work-tasks page"). The report goes through the outbox, so a
 * report made without signal is kept on the phone and sent later; the dialog closes once it is
 * either confirmed or safely queued, and stays open when the server refuses it.
 */
export function ReportDialog({
  kind,
  open,
  onOpenChange,
  roomId,
  workerName,
  unitNumber,
  floor,
}: {
  kind: ReportKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roomId: string;
  workerName: string;
  unitNumber: string;
  floor: number | null;
}) {
  const { t } = useTranslation('workTasks');
  // What was typed survives a reload and a closed dialog (docs/product.md "Working without signal",
  // "It remembers the worker"), until the report is sent or queued, or the worker cancels it.
  const draftKey = `report.${kind}.${roomId}`; // per unit and kind
  const [values, setValues] = useState<MeasurementValues>(() => recalledReport(draftKey));
  useEffect(() => keepDraft(draftKey, sameAsDefaults(values) ? null : values), [draftKey, values]);
  const [errors, setErrors] = useState<Partial<Record<keyof MeasurementValues, FieldError>>>({});
  const [saving, setSaving] = useState(false);
  const measuring = kind === 'measurement';

  const change = (key: keyof MeasurementValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };
  const reset = () => {
    keepDraft(draftKey, null);
    setValues(MEASUREMENT_DEFAULTS);
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { errors: found, value } = validateMeasurement(values, measuring);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    const common = {
      name: value.name,
      quantity: value.quantity,
      apartmentId: roomId,
      reportedBy: workerName,
      notes: locationNote(unitNumber, floor),
    };
    const status = measuring
      ? await reportMeasurement({ ...common, height: value.height, width: value.width, thickness: value.thickness })
      : await reportShortage(common);
    setSaving(false);
    if (status === 'rejected') return; // the page shows the server's reason; the worker can fix and resend
    if (status === 'waiting') toast({ title: t('outbox.queuedTitle'), description: t('outbox.queued') });
    reset();
    onOpenChange(false);
  };

  const errorText = (key: keyof MeasurementValues) => {
    const problem = errors[key];
    return problem && t(`report.errors.${problem}`, { max: problem === 'quantityMax' ? QUANTITY_MAX : MM_MAX });
  };
  const field = (key: keyof MeasurementValues, label: string, min: number) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={key === 'quantity' ? QUANTITY_MAX : MM_MAX}
      step={1}
      value={values[key]}
      onChange={change(key)}
      error={errorText(key)}
    />
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        // Closed without "cancel": what was typed stays for the next time it opens.
        if (!o) setErrors({});
        onOpenChange(o);
      }}
      title={measuring ? t('report.measurementTitle') : t('report.shortageTitle')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        <TextField
          label={t('report.itemName')}
          required
          value={values.name}
          onChange={change('name')}
          maxLength={200}
          autoComplete="off"
          error={errorText('name')}
        />
        {measuring && (
          <div className="grid grid-cols-3 gap-2">
            {field('height', t('report.height'), 0)}
            {field('width', t('report.width'), 0)}
            {field('thickness', t('report.thickness'), 0)}
          </div>
        )}
        {field('quantity', t('report.quantity'), 1)}
        <div className="flex gap-2 pt-2">
          <Button type="submit" disabled={saving} className="min-h-12 flex-1 text-base">
            {saving ? t('task.sending') : t('report.submit')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              reset();
              onOpenChange(false);
            }}
            className="min-h-12 flex-1 text-base"
          >
            {t('report.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
