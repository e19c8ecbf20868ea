import { Link } from 'react-router';
import type { Room } from '#contract/rooms.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useWording } from '#web/lib/use-wording.ts';
import type { ScheduleForm } from '../lib/use-schedule-form.ts';
import type { ScheduleMode } from '../lib/task-rows.ts';
import { validationLimit } from '../lib/task-rows.ts';
import { BulkUnitPicker } from './bulk-unit-picker.tsx';
import { SingleUnitPicker } from './single-unit-picker.tsx';

/** The parts of the scheduling page (/task-scheduling). */

export function ModeToggle({ mode, onChange }: { mode: ScheduleMode; onChange: (m: ScheduleMode) => void }) {
  const { tw: t } = useWording('scheduling');
  const item = (m: ScheduleMode) => (
    <button
      type="button"
      aria-pressed={mode === m}
      onClick={() => onChange(m)}
      className={`min-h-11 flex-1 rounded-md px-4 py-2 text-sm font-medium ${mode === m ? 'bg-blue-700 text-white shadow' : 'text-slate-800 hover:bg-white'}`}
    >
      {t(`mode.${m}`)}
    </button>
  );
  return (
    <div role="group" aria-label={t('mode.label')} className="flex gap-1 rounded-lg bg-slate-100 p-1 sm:max-w-md">
      {item('single')}
      {item('bulk')}
    </div>
  );
}

interface UnitsQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The unit (single mode) or units (bulk mode) the tasks go to; loading, failure and "no units yet" too. */
export function UnitSection({ form, units, query }: { form: ScheduleForm; units: Room[]; query: UnitsQuery }) {
  const { tw: t } = useWording('scheduling');
  const tc = useTranslation('common').t;
  let body;
  if (query.isPending) body = <Loading label={t('loadingUnits')} />;
  else if (query.isError)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
        {t('unitsError')}
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  else if (units.length === 0)
    body = (
      <p className="text-sm text-slate-700">
        {t('noUnits')}{' '}
        <Link to="/room-generator" className="inline-flex min-h-11 items-center font-medium text-blue-800 underline">
          {t('createUnits')}
        </Link>
      </p>
    );
  else if (form.mode === 'single') body = <SingleUnitPicker units={units} roomId={form.roomId} onChange={form.setRoomId} />;
  else
    body = (
      <BulkUnitPicker
        units={units}
        filter={form.filter}
        onFilterChange={form.setFilter}
        selected={form.selected}
        onSelectedChange={form.setSelected}
      />
    );
  return (
    <section aria-labelledby="units-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="units-title" className="text-lg font-semibold">
        {form.mode === 'single' ? t('single.title') : t('bulk.title')}
      </h2>
      {body}
    </section>
  );
}

/** What will be written (tasks × units), the validation error if any, and Save. */
export function ScheduleFooter({ form }: { form: ScheduleForm }) {
  const { tw: t } = useWording('scheduling');
  const { taskCount, unitCount, error, saving, saved } = form;
  return (
    <div className="sticky bottom-0 z-10 -mx-4 space-y-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur lg:-mx-6 lg:px-6">
      <p className="text-sm text-slate-800" data-testid="schedule-summary">
        {t('summary', { tasks: taskCount, units: unitCount, total: taskCount * unitCount })}
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t(`validation.${error}`, { max: validationLimit(error) })}
        </p>
      )}
      <Button className="w-full sm:w-auto" onClick={form.submit} disabled={saving || saved}>
        {saving ? t('save.saving') : saved ? t('save.saved') : t('save.button')}
      </Button>
    </div>
  );
}
