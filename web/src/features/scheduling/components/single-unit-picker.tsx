import { useMemo, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useWording } from '#web/lib/use-wording.ts';
import type { Room } from '#contract/rooms.ts';
import { unitTypeLabelKey } from '#contract/project-types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useUnitTasks } from '../api/scheduling.ts';

const MAX_OPTIONS = 500;

function UnitCurrentTasks({ roomId }: { roomId: string }) {
  const { tw: t } = useWording('scheduling');
  const tc = useTranslation('common').t;
  const tasks = useUnitTasks(roomId);
  if (tasks.isPending) return <Loading label={t('single.loadingTasks')} />;
  if (tasks.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
        {t('single.tasksError')}
        <Button variant="secondary" onClick={() => void tasks.refetch()}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  const list = [...tasks.data].sort((a, b) => a.sortOrder - b.sortOrder);
  return (
    <section aria-labelledby="unit-current-tasks" className="rounded-lg bg-slate-50 p-3">
      <h3 id="unit-current-tasks" className="mb-2 text-sm font-semibold text-slate-800">
        {t('single.currentTasks', { total: list.length })}
      </h3>
      {list.length === 0 ? (
        <p className="text-sm text-slate-700">{t('single.noTasks')}</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="unit-current-tasks">
          {list.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium" dir="auto">
                {task.name}
              </span>
              <span className="rounded bg-white px-2 text-xs text-slate-700 ring-1 ring-slate-200">
                {t(`recurrence.${task.recurrence}`)}
              </span>
              <span className="text-xs text-slate-700">{t('single.minutes', { minutes: task.estimatedMinutes })}</span>
              {task.requiresPhoto && <span className="text-xs text-slate-700">· {t('editor.requiresPhoto')}</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-600">{t('single.duplicatesNote')}</p>
    </section>
  );
}

/** Single-unit target: a search box narrows a native select (fine on phones, keyboard-usable). */
export function SingleUnitPicker({ units, roomId, onChange }: { units: Room[]; roomId: string; onChange: (id: string) => void }) {
  const { tw: t } = useWording('scheduling');
  const [query, setQuery] = useState('');
  const options = useMemo(() => {
    const q = query.trim().toLowerCase();
    const found = q ? units.filter((u) => u.number.toLowerCase().includes(q) || (u.name ?? '').toLowerCase().includes(q)) : units;
    const limited = found.slice(0, MAX_OPTIONS);
    // The chosen unit stays an option even when the search hides it.
    const chosen = units.find((u) => u.id === roomId);
    return { list: chosen && !limited.includes(chosen) ? [chosen, ...limited] : limited, more: found.length - limited.length };
  }, [units, query, roomId]);

  const label = (u: Room) =>
    [
      u.number,
      u.name,
      t(unitTypeLabelKey(u.type), { defaultValue: u.type }),
      u.floor !== null ? t('single.floor', { floor: u.floor }) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label={t('single.search')} type="search" value={query} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
        <SelectField label={t('single.unit')} value={roomId} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('single.choose')}</option>
          {options.list.map((u) => (
            <option key={u.id} value={u.id}>
              {label(u)}
            </option>
          ))}
        </SelectField>
      </div>
      {options.more > 0 && <p className="text-xs text-slate-700">{t('single.moreUnits', { more: options.more })}</p>}
      {roomId && <UnitCurrentTasks roomId={roomId} />}
    </div>
  );
}
