import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Room } from '#contract/rooms.ts';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { useCreateSchedule, useTaskTemplates } from '../api/scheduling.ts';
import {
  buildSchedulePayload,
  countNamedRows,
  projectDefaultRows,
  templateRows,
  type ScheduleMode,
  type ScheduleValidationError,
  type TaskRow,
  validationLimit,
} from './task-rows.ts';
import { readSelection, writeSelection } from './saved-selection.ts';
import { ALL, defaultRecurrenceOf, templateFacilityOf, type UnitFilter } from './unit-filter.ts';

const REDIRECT_AFTER_SAVE_MS = 2000;

/**
 * The scheduling form: one unit or many, the task rows (from the project's templates or the default
 * list until the manager edits them), validation, and saving (then back to the map after 2 s).
 */
export function useScheduleForm(units: Room[], facilityType: string | undefined) {
  const { tw: t, i18n } = useWording('scheduling');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const facility = templateFacilityOf(facilityType);
  const recurrence = defaultRecurrenceOf(facility);
  const templates = useTaskTemplates(facility);
  const save = useCreateSchedule();

  // The units chosen survive a reload of the tab (docs/product.md "Task scheduling").
  const [restored] = useState(readSelection);
  const [mode, setModeState] = useState<ScheduleMode>(restored.mode);
  const [roomId, setRoomIdState] = useState(restored.roomId);
  const [selected, setSelectedState] = useState<Set<string>>(() => new Set(restored.selected));
  const [filter, setFilter] = useState<UnitFilter>(restored.filter);
  const [rows, setRows] = useState<TaskRow[]>(() => projectDefaultRows(i18n.language, recurrence));
  const [error, setError] = useState<ScheduleValidationError | null>(null);
  const [saved, setSaved] = useState(false);
  const touched = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => writeSelection({ mode, roomId, selected: [...selected], filter }), [mode, roomId, selected, filter]);
  // A restored unit that is gone (deleted meanwhile, or of the project signed in before) is dropped.
  useEffect(() => {
    if (units.length === 0) return;
    const ids = new Set(units.map((u) => u.id));
    setSelectedState((s) => ([...s].every((id) => ids.has(id)) ? s : new Set([...s].filter((id) => ids.has(id)))));
    setRoomIdState((id) => (id === '' || ids.has(id) ? id : ''));
  }, [units]);

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
  /** Any change of the units clears a shown validation error. */
  const clearing =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setError(null);
    };

  const onSaved = (res: { tasksCreated: number; roomsScheduled: number; tasksSkipped: number }) => {
    toast({
      title: t('save.successTitle'),
      description: t('save.successDetail', { created: res.tasksCreated, units: res.roomsScheduled, skipped: res.tasksSkipped }),
      variant: 'success',
    });
    touched.current = true;
    setRows(projectDefaultRows(i18n.language, recurrence));
    setRoomIdState('');
    setSelectedState(new Set());
    setSaved(true);
    redirectTimer.current = setTimeout(() => navigate('/'), REDIRECT_AFTER_SAVE_MS);
  };
  const onSaveError = (err: unknown) => {
    let description: string;
    if (err instanceof ApiError && err.code === 'unauthorized') description = t('save.reloginRequired');
    else if (err instanceof ApiError && !err.code) description = t('save.serverError', { status: err.status });
    else description = errorText(err, t('save.failed'));
    toast({ title: t('save.failed'), description, variant: 'destructive' });
  };

  const submit = () => {
    const result = buildSchedulePayload({ mode, roomId, roomIds: [...selected], rows });
    if (!result.ok) {
      setError(result.error);
      toast({ title: t(`validation.${result.error}`, { max: validationLimit(result.error) }), variant: 'destructive' });
      return;
    }
    setError(null);
    save.mutate(result.payload, { onSuccess: onSaved, onError: onSaveError });
  };

  return {
    mode,
    setMode: clearing(setModeState),
    roomId,
    setRoomId: clearing(setRoomIdState),
    selected,
    setSelected: clearing(setSelectedState),
    filter,
    setFilter,
    rows,
    editRows,
    useDefaults: () => editRows(projectDefaultRows(i18n.language, recurrence)),
    useTemplates: () => editRows(templateRows(applicableTemplates, i18n.language, recurrence)),
    templateCount: applicableTemplates.length,
    error,
    saved,
    saving: save.isPending,
    unitCount: mode === 'single' ? (roomId ? 1 : 0) : selected.size,
    taskCount: countNamedRows(rows),
    submit,
  };
}
export type ScheduleForm = ReturnType<typeof useScheduleForm>;
