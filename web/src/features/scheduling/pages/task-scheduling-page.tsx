import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useWording } from '#web/lib/use-wording.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useAuthUser } from '#web/lib/queries/session.ts';
import { useRooms } from '../api/scheduling.ts';
import { ModeToggle, ScheduleFooter, UnitSection } from '../components/schedule-parts.tsx';
import { TaskListEditor } from '../components/task-list-editor.tsx';
import { sortUnits } from '../lib/unit-filter.ts';
import { useScheduleForm } from '../lib/use-schedule-form.ts';
import { FORM_IDLE, useInactivity } from '#web/lib/use-inactivity.ts';

function InactivityClosed() {
  const { tw: t } = useWording('scheduling');
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

/** /task-scheduling: put a task list on one unit, or copy it to many units at once. */
export default function TaskSchedulingPage() {
  const { tw: t } = useWording('scheduling');
  const auth = useAuthUser();
  const rooms = useRooms();
  const units = useMemo(() => sortUnits(rooms.data ?? []), [rooms.data]);
  const form = useScheduleForm(units, auth.data?.facilityType);
  const { saved } = form;
  const { warning: idleWarning, expired: idleExpired, extend } = useInactivity({ ...FORM_IDLE, enabled: !saved });

  if (idleExpired) return <InactivityClosed />;
  if (auth.isPending) return <Loading />;
  if (!auth.data)
    return (
      <p role="alert" className="p-4 text-center">
        {t('loginRequired')}
      </p>
    );

  return (
    <div className="mx-auto max-w-4xl space-y-6 pb-28">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-slate-700">{t('intro')}</p>
      </header>

      <ModeToggle mode={form.mode} onChange={form.setMode} />
      <UnitSection form={form} units={units} query={rooms} />
      <TaskListEditor
        rows={form.rows}
        onChange={form.editRows}
        onUseDefaults={form.useDefaults}
        onUseTemplates={form.useTemplates}
        templateCount={form.templateCount}
      />
      <ScheduleFooter form={form} />

      <Dialog
        open={idleWarning}
        onOpenChange={(open) => !open && extend()}
        title={t('idle.warningTitle')}
        description={t('idle.warningText')}
      >
        <div className="flex justify-end">
          <Button onClick={extend} autoFocus>
            {t('idle.extend')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
