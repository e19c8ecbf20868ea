import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useSchedulingT } from '../lib/use-wording.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { ApiError } from '../../../lib/api.ts';
import { useAuthUser } from '../../auth/api/auth.ts';
import { useCreateSchedule, useRooms, useTaskTemplates } from '../api/scheduling.ts';
import { BulkUnitPicker } from '../components/bulk-unit-picker.tsx';
import { SingleUnitPicker } from '../components/single-unit-picker.tsx';
import { TaskListEditor } from '../components/task-list-editor.tsx';
import { buildSchedulePayload, countNamedRows, projectDefaultRows, templateRows, type ScheduleMode, type ScheduleValidationError, type TaskRow, validationLimit } from '../lib/task-rows.ts';
import { ALL, defaultRecurrenceOf, emptyFilter, sortUnits, templateFacilityOf, type UnitFilter } from '../lib/unit-filter.ts';
import { FORM_IDLE, useInactivity } from '../../../lib/use-inactivity.ts';

export const REDIRECT_AFTER_SAVE_MS = 2000;

function InactivityClosed() {
  const { t } = useSchedulingT();
  const navigate = useNavigate();
  return (
    <div role="alert" className="mx-auto max-w-md space-y-4 rounded-xl border border-amber-300 bg-amber-50 p-6 text-center">
      <h1 className="text-xl font-semibold text-amber-950">{t('idle.closedTitle')}</h1>
      <p className="text-sm text-amber-950">{t('idle.closedText')}</p>
      <Button onClick={() => navigate('/login')} className="w-full sm:w-auto">
        {t('idle.backToLogin')}
      </Button>
    </div>
  );
}

function ModeToggle({ mode, onChange }: { mode: ScheduleMode; onChange: (m: ScheduleMode) => void }) {
  const { t } = useSchedulingT();
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

/** /task-scheduling: put a task list on one unit, or copy it to many units at once. */
export default function TaskSchedulingPage() {
  const { t, i18n } = useSchedulingT();
  const tc = useTranslation('common').t;
  const navigate = useNavigate();
  const auth = useAuthUser();
  const rooms = useRooms();
  const facility = templateFacilityOf(auth.data?.facilityType);
  const recurrence = defaultRecurrenceOf(facility);
  const templates = useTaskTemplates(facility);
  const save = useCreateSchedule();

  const [mode, setMode] = useState<ScheduleMode>('single');
  const [roomId, setRoomId] = useState('');
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [filter, setFilter] = useState<UnitFilter>(emptyFilter);
  const [rows, setRows] = useState<TaskRow[]>(() => projectDefaultRows(i18n.language, recurrence));
  const [error, setError] = useState<ScheduleValidationError | null>(null);
  const [saved, setSaved] = useState(false);
  const touched = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { warning: idleWarning, expired: idleExpired, extend } = useInactivity({ ...FORM_IDLE, enabled: !saved });

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const units = useMemo(() => sortUnits(rooms.data ?? []), [rooms.data]);
  const unitType = mode === 'single' ? units.find((u) => u.id === roomId)?.type : filter.unitType !== ALL ? filter.unitType : undefined;
  const applicableTemplates = useMemo(
    () => (templates.data ?? []).filter((tpl) => tpl.roomType === null || tpl.roomType === unitType),
    [templates.data, unitType],
  );

  // The editor starts from the project's general templates when there are any, else the default
  // list (following the language and the project type until edited); never over the manager's edits.
  useEffect(() => {
    if (touched.current) return;
    const general = (templates.data ?? []).filter((tpl) => tpl.roomType === null);
    if (general.length > 0) {
      touched.current = true;
      setRows(templateRows(general, i18n.language, recurrence));
    } else {
      setRows(projectDefaultRows(i18n.language, recurrence));
    }
  }, [templates.data, i18n.language, recurrence]);

  const editRows = (next: TaskRow[]) => {
    touched.current = true;
    setError(null);
    setRows(next);
  };

  const unitCount = mode === 'single' ? (roomId ? 1 : 0) : selected.size;
  const taskCount = countNamedRows(rows);

  const submit = () => {
    const result = buildSchedulePayload({ mode, roomId, roomIds: [...selected], rows });
    if (!result.ok) {
      setError(result.error);
      toast({ title: t(`validation.${result.error}`, { max: validationLimit(result.error) }), variant: 'destructive' });
      return;
    }
    setError(null);
    save.mutate(result.payload, {
      onSuccess: (res) => {
        toast({
          title: t('save.successTitle'),
          description: t('save.successDetail', { created: res.tasksCreated, units: res.roomsScheduled, skipped: res.tasksSkipped }),
          variant: 'success',
        });
        touched.current = true;
        setRows(projectDefaultRows(i18n.language, recurrence));
        setRoomId('');
        setSelected(new Set());
        setSaved(true);
        redirectTimer.current = setTimeout(() => navigate('/'), REDIRECT_AFTER_SAVE_MS);
      },
      onError: (err) => {
        let description: string;
        if (err instanceof ApiError && err.status === 401) description = t('save.reloginRequired');
        else if (err instanceof ApiError) description = err.serverMessage ?? t('save.serverError', { status: err.status });
        else description = t('save.failed');
        toast({ title: t('save.failed'), description, variant: 'destructive' });
      },
    });
  };

  if (idleExpired) return <InactivityClosed />;
  if (auth.isPending) return <Loading />;
  if (!auth.data) return <p role="alert" className="p-4 text-center">{t('loginRequired')}</p>;

  return (
    <div className="mx-auto max-w-4xl space-y-6 pb-28">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-slate-700">{t('intro')}</p>
      </header>

      <ModeToggle
        mode={mode}
        onChange={(m) => {
          setMode(m);
          setError(null);
        }}
      />

      <section aria-labelledby="units-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="units-title" className="text-lg font-semibold">
          {mode === 'single' ? t('single.title') : t('bulk.title')}
        </h2>
        {rooms.isPending ? (
          <Loading label={t('loadingUnits')} />
        ) : rooms.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
            {t('unitsError')}
            <Button variant="secondary" onClick={() => void rooms.refetch()}>
              {tc('actions.retry')}
            </Button>
          </div>
        ) : units.length === 0 ? (
          <p className="text-sm text-slate-700">
            {t('noUnits')}{' '}
            <Link to="/room-generator" className="inline-flex min-h-11 items-center font-medium text-blue-800 underline">
              {t('createUnits')}
            </Link>
          </p>
        ) : mode === 'single' ? (
          <SingleUnitPicker
            units={units}
            roomId={roomId}
            onChange={(id) => {
              setRoomId(id);
              setError(null);
            }}
          />
        ) : (
          <BulkUnitPicker
            units={units}
            filter={filter}
            onFilterChange={setFilter}
            selected={selected}
            onSelectedChange={(s) => {
              setSelected(s);
              setError(null);
            }}
          />
        )}
      </section>

      <TaskListEditor
        rows={rows}
        onChange={editRows}
        onUseDefaults={() => editRows(projectDefaultRows(i18n.language, recurrence))}
        onUseTemplates={() => editRows(templateRows(applicableTemplates, i18n.language, recurrence))}
        templateCount={applicableTemplates.length}
      />

      <div className="sticky bottom-0 z-10 -mx-4 space-y-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur lg:-mx-6 lg:px-6">
        <p className="text-sm text-slate-800" data-testid="schedule-summary">
          {t('summary', { tasks: taskCount, units: unitCount, total: taskCount * unitCount })}
        </p>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {t(`validation.${error}`, { max: validationLimit(error) })}
          </p>
        )}
        <Button className="w-full sm:w-auto" onClick={submit} disabled={save.isPending || saved}>
          {save.isPending ? t('save.saving') : saved ? t('save.saved') : t('save.button')}
        </Button>
      </div>

      <Dialog open={idleWarning} onOpenChange={(open) => !open && extend()} title={t('idle.warningTitle')} description={t('idle.warningText')}>
        <div className="flex justify-end">
          <Button onClick={extend} autoFocus>
            {t('idle.extend')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
