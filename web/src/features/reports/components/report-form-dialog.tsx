import { useState, type FormEvent } from 'react';
import { REPORT_STATUSES, type ReportStatus } from '#contract/reports.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useCreateReport, useUpdateReport } from '../api/reports.ts';
import { MM_MAX, QUANTITY_MAX, draftFrom, draftProblems, inputFrom, type DraftProblem, type ReportDraft } from '../lib/report-form.ts';
import { hasDimensions, type Report, type ReportKind } from '../lib/report-kind.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { FormActions } from '#web/components/ui/form-actions.tsx';

function ReportForm({ kind, report, onDone }: { kind: ReportKind; report: Report | null; onDone: () => void }) {
  const { tw: t } = useWording('reports');
  const errorText = useErrorText();
  const create = useCreateReport(kind);
  const update = useUpdateReport(kind);
  const saving = create.isPending || update.isPending;
  const dims = hasDimensions(kind);
  const [draft, setDraft] = useState<ReportDraft>(() => draftFrom(report));
  // A field's problem is shown once it was touched (or on a save attempt); Save stays disabled regardless.
  const [touched, setTouched] = useState<Partial<Record<keyof ReportDraft, boolean>>>({});
  const problems = draftProblems(draft, dims);
  const invalid = Object.keys(problems).length > 0;

  const set = (field: keyof ReportDraft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: e.target.value }));
    setTouched((s) => ({ ...s, [field]: true }));
  };
  const problemText = (field: keyof typeof problems) => {
    const p: DraftProblem | undefined = problems[field];
    if (!p || !touched[field]) return undefined;
    return t(`form.problems.${p}`, { max: p === 'quantityMax' ? QUANTITY_MAX : MM_MAX });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid || saving) return;
    const input = inputFrom(draft, dims, report !== null);
    const onError = (fallbackKey: string) => (err: unknown) =>
      toast({ title: t('toast.errorTitle'), description: errorText(err, t(fallbackKey)), variant: 'destructive' });
    if (report) {
      update.mutate(
        { id: report.id, input },
        {
          onSuccess: () => {
            toast({ title: t(`${kind}.toast.updated`), variant: 'success' });
            onDone();
          },
          onError: onError(`${kind}.toast.updateError`),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toast({ title: t(`${kind}.toast.added`), variant: 'success' });
          onDone();
        },
        onError: onError(`${kind}.toast.addError`),
      });
    }
  };

  const mmField = (field: 'height' | 'width' | 'thickness', required: boolean) => (
    <TextField
      label={t(`form.${field}`)}
      required={required}
      type="number"
      inputMode="numeric"
      min={0}
      max={MM_MAX}
      step={1}
      value={draft[field]}
      onChange={set(field)}
      error={problemText(field)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t('form.name')}
        required
        value={draft.name}
        onChange={set('name')}
        error={problemText('name')}
        maxLength={200}
        autoComplete="off"
        dir="auto"
      />
      {dims && (
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-semibold text-slate-800">{t('form.dimensions')}</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {mmField('height', true)}
            {mmField('width', true)}
            {mmField('thickness', false)}
          </div>
        </fieldset>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label={t('form.quantity')}
          required
          type="number"
          inputMode="numeric"
          min={1}
          max={QUANTITY_MAX}
          step={1}
          value={draft.quantity}
          onChange={set('quantity')}
          error={problemText('quantity')}
        />
        <TextField
          label={t('form.unitNumber')}
          hint={t('form.unitNumberHint')}
          value={draft.unitNumber}
          onChange={set('unitNumber')}
          maxLength={30}
          autoComplete="off"
          dir="auto"
        />
      </div>
      <TextField
        label={t('form.reportedBy')}
        value={draft.reportedBy}
        onChange={set('reportedBy')}
        maxLength={100}
        autoComplete="off"
        dir="auto"
      />
      <div className="space-y-1">
        <label htmlFor={`report-notes-${kind}`} className="block text-sm font-medium text-slate-700">
          {t('form.notes')}
        </label>
        <textarea
          id={`report-notes-${kind}`}
          value={draft.notes}
          onChange={set('notes')}
          maxLength={2000}
          rows={3}
          dir="auto"
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
        />
      </div>
      {report && (
        <SelectField
          label={t('form.status')}
          value={draft.status}
          onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value as ReportStatus }))}
        >
          {REPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
      )}
      <FormActions onCancel={onDone} saving={saving} invalid={invalid} savingLabel={t('form.saving')} />
    </form>
  );
}

/**
 * Add (report = null) or edit a shortage or measurement. The form mounts afresh each time the
 * dialog opens, so closing it resets the form (docs/product.md "Account profile").
 */
export function ReportFormDialog({
  kind,
  open,
  report,
  onClose,
}: {
  kind: ReportKind;
  open: boolean;
  report: Report | null;
  onClose: () => void;
}) {
  const { tw: t } = useWording('reports');
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t(report ? `${kind}.editTitle` : `${kind}.addTitle`)}
      wide={hasDimensions(kind)}
    >
      {open && <ReportForm key={report?.id ?? 'new'} kind={kind} report={report} onDone={onClose} />}
    </Dialog>
  );
}
