import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useNavigate } from 'react-router';
import { MAX_BULK_UNITS, projectCaseOf, type RoomTemplate } from '#contract/generator.ts';
import { PROJECT_TYPES } from '#contract/project-types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useAuthUser } from '#web/lib/queries/session.ts';
import { BulkCreateError, useCreateRoomsBulk, useExistingRooms } from '../api/generator.ts';
import { newRowId, planGeneration, rowFromTemplate, type RangeRow } from '../components/generator-rows.ts';
import { QuickTemplates } from '../components/quick-templates.tsx';
import { RangeRowEditor } from '../components/range-row-editor.tsx';

/** docs/product.md "Unit generator": after creating at least one unit, go on to task scheduling after 1.5 s. */
export const REDIRECT_AFTER_CREATE_MS = 1500;

const blankRow = (facilityType: string, like?: RangeRow): RangeRow => ({
  id: newRowId(),
  prefix: '',
  start: '1',
  end: '10',
  facilityType: like?.facilityType ?? facilityType,
  roomType: like?.roomType ?? 'apartment',
});

export default function RoomGeneratorPage() {
  const { t } = useTranslation('generator');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { data: user } = useAuthUser();
  const projectFacility = user?.facilityType || 'construction';
  // Every project type, plus the project's own if it is none of them (an older project).
  const facilityTypes = useMemo(() => [...new Set<string>([...PROJECT_TYPES, projectFacility])], [projectFacility]);

  const [rows, setRows] = useState<RangeRow[]>(() => [blankRow(projectFacility)]);
  const existing = useExistingRooms();
  const existingLabels = useMemo(() => new Set((existing.data ?? []).map((r) => r.number)), [existing.data]);
  const plan = useMemo(() => planGeneration(rows, existingLabels), [rows, existingLabels]);
  const inProjectCase = useMemo(() => projectCaseOf(existingLabels), [existingLabels]);

  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const create = useCreateRoomsBulk((done) => setProgress((p) => ({ ...p, done })));
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const busy = create.isPending || redirecting;
  const update = (id: number, patch: Partial<RangeRow>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const applyQuick = (templates: RoomTemplate[]) => setRows(templates.map(rowFromTemplate));

  const submit = () => {
    if (plan.validRows === 0) return toast({ title: t('toast.noValid'), variant: 'destructive' });
    if (plan.tooMany) return toast({ title: t('summary.tooMany', { max: MAX_BULK_UNITS }), variant: 'destructive' });
    // Nothing new: say so and send nothing.
    if (plan.fresh.length === 0) return toast({ title: t('toast.noRooms'), description: t('toast.allExist'), variant: 'destructive' });

    const skippedHere = plan.existing;
    setProgress({ done: 0, total: plan.fresh.length });
    create.mutate(plan.fresh, {
      onSuccess: ({ created, skipped }) => {
        const skippedAll = skippedHere + skipped;
        const description = skippedAll > 0 ? t('toast.skipped', { count: skippedAll }) : undefined;
        if (created > 0) {
          toast({ title: t('toast.created', { count: created }), description, variant: 'success' });
          setRedirecting(true);
          redirectTimer.current = setTimeout(() => navigate('/task-scheduling'), REDIRECT_AFTER_CREATE_MS);
        } else {
          toast({ title: t('toast.allExist'), description });
        }
      },
      onError: (err) => {
        const created = err instanceof BulkCreateError ? err.created : 0;
        const reason = errorText(err instanceof BulkCreateError ? err.cause : err, tc('state.error'));
        toast({
          title: t('toast.error'),
          description: created > 0 ? `${reason} ${t('toast.partial', { count: created })}` : reason,
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-sm text-slate-700">{t('subtitle')}</p>
      </header>

      <QuickTemplates onUse={applyQuick} disabled={busy} />

      <section aria-labelledby="ranges-title" className="space-y-3">
        <h2 id="ranges-title" className="text-lg font-semibold text-slate-900">
          {t('rows.title')}
        </h2>
        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-800">{t('rows.empty')}</p>
        ) : (
          <fieldset disabled={busy} className="min-w-0 space-y-3">
            <legend className="sr-only">{t('rows.title')}</legend>
            {rows.map((row, i) => (
              <RangeRowEditor
                key={row.id}
                row={row}
                index={i}
                facilityTypes={facilityTypes}
                onChange={(patch) => update(row.id, patch)}
                onRemove={() => setRows((rs) => rs.filter((r) => r.id !== row.id))}
                inProjectCase={inProjectCase}
              />
            ))}
          </fieldset>
        )}
        <Button variant="secondary" disabled={busy} onClick={() => setRows((rs) => [...rs, blankRow(projectFacility, rs[rs.length - 1])])}>
          {t('rows.add')}
        </Button>
      </section>

      <section
        aria-labelledby="summary-title"
        className="sticky bottom-0 z-10 space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
      >
        <h2 id="summary-title" className="text-lg font-semibold text-slate-900">
          {t('summary.title')}
        </h2>
        <div aria-live="polite" className="space-y-1 text-sm text-slate-800">
          <p data-testid="generator-total">{t('summary.total', { count: plan.units.length })}</p>
          {existing.isPending ? (
            <p>{t('summary.checking')}</p>
          ) : existing.isSuccess ? (
            <p>
              <span className="font-semibold text-emerald-800" data-testid="generator-new">
                {t('summary.new', { count: plan.fresh.length })}
              </span>
              {plan.existing > 0 && <span className="ms-3">{t('summary.existing', { count: plan.existing })}</span>}
            </p>
          ) : null}
          {plan.tooMany && <p className="font-medium text-red-800">{t('summary.tooMany', { max: MAX_BULK_UNITS })}</p>}
        </div>
        {existing.isError && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            <p className="flex-1">{t('summary.loadError')}</p>
            <Button variant="secondary" onClick={() => void existing.refetch()}>
              {tc('actions.retry')}
            </Button>
          </div>
        )}
        {create.isPending && (
          <div role="status" className="space-y-1">
            <label htmlFor="generator-progress" className="block text-sm font-medium text-slate-800">
              {t('create.saving', { done: progress.done, total: progress.total })}
            </label>
            <progress id="generator-progress" className="h-3 w-full accent-blue-700" max={progress.total} value={progress.done} />
          </div>
        )}
        {redirecting && (
          <p role="status" className="text-sm font-medium text-emerald-800">
            {t('create.redirect')}
          </p>
        )}
        <Button className="w-full sm:w-auto" onClick={submit} disabled={busy || !existing.isSuccess}>
          {create.isPending ? t('create.busy') : t('create.button', { count: plan.fresh.length })}
        </Button>
      </section>
    </div>
  );
}
