import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { BackButton } from './back-button.tsx';
import type { PublicRoom } from '#contract/worker.ts';
import { Combobox, bigInput } from './combobox.tsx';
import { QrScannerButton } from '#web/components/qr-scanner-button.tsx';
import { exactUnit, resolveUnit } from '../lib/unit-match.ts';
import { keepDraft, recallDraft, splitName, suggestNames, fullName, type WorkerName } from '#web/lib/worker-memory.ts';
import {
  ArrowDownIcon,
  ArrowNextIcon,
  BuildingIcon,
  CheckIcon,
  ClockIcon,
  DoorIcon,
  UserIcon,
  UsersIcon,
  XIcon,
} from '#web/components/ui/icons.tsx';

export interface StartWorkValues {
  unit: PublicRoom;
  name: WorkerName;
  floorNumber: number | undefined;
}

/** A floor the server accepts (an integer from -20 to 300), or nothing. */
export function parseFloor(text: string): number | undefined {
  if (!/^-?\d{1,3}$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n >= -20 && n <= 300 ? n : undefined;
}

/** What the form keeps for a reload (docs/product.md "Working without signal", "It remembers the worker"). */
interface StartDraft {
  unitText: string;
  unit: PublicRoom | null;
  floor: string;
  name: WorkerName;
}

interface StartWorkFormProps {
  /** The server's suggestions for `unitsQuery` (at most 10); null while the first answer is loading. */
  units: PublicRoom[] | null;
  /** The trimmed text `units` answers. */
  unitsQuery: string;
  /** Every change of the unit text: the page asks the server for its suggestions. */
  onUnitTextChange: (text: string) => void;
  knownNames: readonly string[];
  initialName: WorkerName;
  /** Where the typed values survive a reload (sessionStorage); null keeps nothing. */
  draftKey: string | null;
  /** i18next context for the words: 'rooms' in hotel/school/office projects, else apartments. */
  wording: 'rooms' | undefined;
  /** Replaces the unit field while the list cannot be shown (loading error with retry). */
  unitsError?: ReactNode;
  submitting: boolean;
  onBack: () => void;
  onStart: (values: StartWorkValues) => void;
}

/** The unit as typed and as chosen, and its floor (filled from the unit, the worker may correct it). */
function useUnitChoice(
  units: PublicRoom[] | null,
  unitsQuery: string,
  onUnitTextChange: (text: string) => void,
  draft: Partial<StartDraft> | null,
) {
  // A unit chosen before the reload stays chosen; its number is the text, so the answer confirms it.
  const [unitText, setUnitText] = useState(() => draft?.unit?.number ?? (typeof draft?.unitText === 'string' ? draft.unitText : ''));
  const [unit, setUnit] = useState<PublicRoom | null>(() => draft?.unit ?? null);
  const [floor, setFloor] = useState(() => (typeof draft?.floor === 'string' ? draft.floor : ''));
  // The restored text asks the server for its suggestions, as typing would.
  useEffect(() => {
    if (unitText) onUnitTextChange(unitText);
    // Once, for the restored text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { matches } = useMemo(() => resolveUnit(units ?? [], unitText), [units, unitText]);

  const selectUnit = (next: PublicRoom | null) => {
    if (next?.id === unit?.id) return; // the same unit again: keep a floor the worker corrected
    setUnit(next);
    setFloor(next?.floor === null || next?.floor === undefined ? '' : String(next.floor));
  };
  const current = unitsQuery === unitText.trim();
  const typeUnit = (text: string) => {
    setUnitText(text);
    onUnitTextChange(text);
    // Until the answer for this text arrives, only an exact number among the shown units selects itself.
    selectUnit(exactUnit(units ?? [], text));
  };
  const chooseUnit = (u: PublicRoom) => {
    setUnitText(u.number);
    onUnitTextChange(u.number);
    selectUnit(u);
  };
  // The answer for the text as typed: one match, or the exact number, selects itself (resolveUnit).
  useEffect(() => {
    if (units && current && unitText.trim()) selectUnit(resolveUnit(units, unitText).chosen);
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [units, current]);

  return { unitText, unit, floor, setFloor, matches, current, typeUnit, chooseUnit };
}

interface UnitState {
  loading: boolean;
  unit: PublicRoom | null;
  unitText: string;
  current: boolean;
  matches: PublicRoom[];
}

/** Under the unit field: loading, the unit chosen, no such unit, "several match" — or nothing. */
function unitStatus(
  t: TFunction,
  { loading, unit, unitText, current, matches }: UnitState,
  ctx: { context: 'rooms' | undefined },
): ReactNode {
  if (loading) return <span className="text-slate-700">{t('loadingUnits')}</span>;
  if (unit) {
    return (
      <span className="font-semibold text-emerald-800" data-testid="unit-selected">
        <CheckIcon className="inline h-5 w-5 align-text-bottom" />
        {t('unit.selected', { number: unit.name && unit.name !== unit.number ? `${unit.number} · ${unit.name}` : unit.number })}
      </span>
    );
  }
  if (unitText.trim() && current && matches.length === 0) {
    return (
      <span className="font-semibold text-red-800">
        <XIcon className="inline h-5 w-5 align-text-bottom" />
        {t('unit.notFound', { ...ctx, n: unitText.trim() })}
      </span>
    );
  }
  if (matches.length > 1 && unitText.trim()) {
    return (
      <span className="font-semibold text-slate-900">
        <ArrowDownIcon className="inline h-5 w-5 align-text-bottom" />
        {t('unit.several', ctx)}
      </span>
    );
  }
  return null;
}

function FloorField({ floor, onChange }: { floor: string; onChange: (floor: string) => void }) {
  const { t } = useTranslation('qrScan');
  const floorId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={floorId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BuildingIcon className="h-7 w-7" />
        {t('floor.label')}
      </label>
      <input
        id={floorId}
        className={bigInput}
        inputMode="numeric"
        autoComplete="off"
        value={floor}
        onChange={(e) => onChange(e.target.value.replace(/[^\d-]/g, '').slice(0, 4))}
        aria-describedby={`${floorId}-hint`}
        data-testid="floor-input"
      />
      <p id={`${floorId}-hint`} className="text-base text-slate-700">
        {t('floor.hint')}
      </p>
    </div>
  );
}

/** First name (suggestions from the project's known workers) and an optional last name. */
function NameFields({
  name,
  onChange,
  knownNames,
}: {
  name: WorkerName;
  onChange: (update: (name: WorkerName) => WorkerName) => void;
  knownNames: readonly string[];
}) {
  const { t } = useTranslation('qrScan');
  const lastId = useId();
  const nameSuggestions = useMemo(() => suggestNames(knownNames, fullName(name)), [knownNames, name]);
  return (
    <>
      <Combobox
        label={t('firstName.label')}
        icon={<UserIcon className="h-7 w-7" />}
        value={name.first}
        onValueChange={(first) => onChange((n) => ({ ...n, first }))}
        options={nameSuggestions}
        optionKey={(n) => n}
        onChoose={(n) => onChange(() => splitName(n))}
        renderOption={(n) => <bdi className="font-semibold text-slate-900">{n}</bdi>}
        listLabel={t('firstName.suggestions')}
        autoComplete="given-name"
        autoCapitalize="words"
        required
        enterKeyHint="next"
        dir="auto"
        data-testid="first-name-input"
      />
      <div className="space-y-1">
        <label htmlFor={lastId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <UsersIcon className="h-7 w-7" />
          {t('lastName.label')}
        </label>
        <input
          id={lastId}
          className={bigInput}
          autoComplete="family-name"
          autoCapitalize="words"
          enterKeyHint="go"
          dir="auto"
          value={name.last}
          onChange={(e) => onChange((n) => ({ ...n, last: e.target.value }))}
          data-testid="last-name-input"
        />
      </div>
    </>
  );
}

/** The primary action at the bottom of the screen, reachable with one thumb, with what it still needs. */
function StartActions({
  missing,
  loading,
  canStart,
  submitting,
  onBack,
}: {
  missing: string[];
  loading: boolean;
  canStart: boolean;
  submitting: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation(['qrScan', 'common']);
  const requirementsId = useId();
  const showMissing = missing.length > 0 && !loading;
  return (
    <div className="sticky bottom-0 -mx-4 space-y-2 border-t-2 border-slate-300 bg-slate-50 px-4 pt-3 pb-4">
      {showMissing && (
        <ul id={requirementsId} className="space-y-0.5 text-base text-slate-800">
          {missing.map((m) => (
            <li key={m}>
              <span aria-hidden>• </span>
              {m}
            </li>
          ))}
        </ul>
      )}
      <button
        type="submit"
        disabled={!canStart}
        aria-describedby={showMissing ? requirementsId : undefined}
        className="flex min-h-14 w-full items-center justify-center gap-2 rounded-xl bg-emerald-700 px-6 text-xl font-bold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-emerald-300 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        data-testid="start-button"
      >
        {submitting ? <ClockIcon className="h-6 w-6" /> : <ArrowNextIcon className="h-6 w-6" />}
        {submitting ? t('starting') : t('start')}
      </button>
      <BackButton onBack={onBack} />
    </div>
  );
}

/**
 * Step 2: unit (suggestions as you type; one match selects itself), floor (filled from the unit),
 * first name (suggestions from the project's known workers), optional last name. The start button
 * sits at the bottom, under the thumb, and stays disabled until a unit and a first name are there.
 */
export function StartWorkForm({
  units,
  unitsQuery,
  onUnitTextChange,
  knownNames,
  initialName,
  draftKey,
  wording,
  unitsError,
  submitting,
  onBack,
  onStart,
}: StartWorkFormProps) {
  const { t } = useTranslation(['qrScan', 'common']);
  const ctx = { context: wording };
  const [draft] = useState(() => (draftKey ? recallDraft<StartDraft>(draftKey) : null));
  const choice = useUnitChoice(units, unitsQuery, onUnitTextChange, draft);
  const { unit, unitText, matches } = choice;
  const [name, setName] = useState<WorkerName>(() =>
    draft?.name && typeof draft.name.first === 'string' && typeof draft.name.last === 'string' ? draft.name : initialName,
  );
  useEffect(() => {
    if (draftKey) keepDraft(draftKey, { unitText, unit, floor: choice.floor, name } satisfies StartDraft);
  }, [draftKey, unitText, unit, choice.floor, name]);

  const loading = units === null;
  const missing = [!unit && t('unit.required', ctx), !name.first.trim() && t('firstName.required')].filter((m): m is string => Boolean(m));
  const canStart = missing.length === 0 && !loading && !submitting;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canStart || !unit) return;
    onStart({ unit, name: { first: name.first.trim(), last: name.last.trim() }, floorNumber: parseFloor(choice.floor) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-1 flex-col">
      <div className="flex-1 space-y-5 pb-4">
        {unitsError ?? (
          <Combobox
            label={t('unit.label', ctx)}
            icon={<DoorIcon className="h-7 w-7" />}
            value={unitText}
            onValueChange={choice.typeUnit}
            options={matches}
            optionKey={(u) => u.id}
            onChoose={choice.chooseUnit}
            renderOption={(u) => (
              <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-bold text-slate-900">{u.number}</span>
                <span className="text-base text-slate-700">
                  {[u.name && u.name !== u.number ? u.name : null, u.floor !== null ? t('unit.option', { floor: u.floor }) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            )}
            listLabel={t('unit.listLabel', ctx)}
            showList={!(unit && matches.length <= 1)}
            status={unitStatus(t, { loading, unit, unitText, current: choice.current, matches }, ctx)}
            placeholder={t('unit.placeholder')}
            disabled={loading}
            required
            enterKeyHint="next"
            data-testid="unit-input"
          />
        )}
        <QrScannerButton context={wording === 'rooms' ? 'room' : undefined} />
        <FloorField floor={choice.floor} onChange={choice.setFloor} />
        <NameFields name={name} onChange={setName} knownNames={knownNames} />
      </div>
      <StartActions missing={missing} loading={loading} canStart={canStart} submitting={submitting} onBack={onBack} />
    </form>
  );
}
