import { useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { BackButton } from '../components/back-button.tsx';
import { navigate, useLocationUrl } from '#web/lib/navigation.ts';
import { type Locale } from '#contract/constants.ts';
import { CLEANING_FACILITY_TYPES } from '#contract/cleaning-types.ts';
import { Loading } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.ts';
import type { TFunction } from 'i18next';
import { ApiError } from '#web/lib/api.ts';
import { errorText } from '#web/lib/error-text.ts';
import { dirOf, setLanguage } from '#web/lib/i18n.ts';
import { FORM_IDLE, useInactivity } from '#web/lib/use-inactivity.ts';
import { facilityByQrUrl, refreshProject, startWork as postWorkSession, useFacilityByQr, useWorkerNames } from '../api/worker-entry.ts';
import { useUnitSearch } from '../lib/use-unit-search.ts';
import { useEntryStep } from '../lib/use-entry-step.ts';
import { LanguageSelect } from '#web/components/language-select.tsx';
import { invalidateResource } from '#web/lib/resource.ts';
import { InactivityClosed, InactivityWarning } from '../components/inactivity.tsx';
import { LanguageStep } from '#web/components/language-step.tsx';
import { Notice } from '../components/notice.tsx';
import { StartWorkForm, type StartWorkValues } from '../components/start-work-form.tsx';
import {
  fullName,
  keepDraft,
  recallQrId,
  recallWorkerName,
  rememberQrId,
  rememberWorkerName,
  startDraftKey,
} from '#web/lib/worker-memory.ts';
import { BuildingIcon, CameraIcon, InboxIcon, NoSignalIcon, QuestionIcon, RefreshIcon, StopIcon } from '#web/components/ui/icons.tsx';
import { startOfflineWork } from '#web/lib/offline-work.ts';
import { OutboxPanel } from '#web/components/outbox-panel.tsx';
import { OutboxSavedNote } from '#web/components/outbox-saved-note.tsx';

/** Where the worker goes after starting: the unit's task page, name and floor pre-filled. */
export function workTasksUrl(roomId: string, workerName: string, floorNumber: number | null | undefined) {
  const floor = floorNumber === null || floorNumber === undefined ? '' : `&floorNumber=${floorNumber}`;
  return `/work-tasks/${encodeURIComponent(roomId)}?workerName=${encodeURIComponent(workerName)}${floor}`;
}

/**
 * Why work could not start, in the worker's language: this page's own words where it has them (they
 * follow the project's wording), else the refusal's code (errors namespace); never the server's English.
 */
function startRefusalText(t: TFunction, err: unknown, wording: string | undefined): string {
  if (!(err instanceof ApiError)) return errorText(t, err, t('errors.startFailed'));
  switch (err.code) {
    case 'project_inactive':
      return t('errors.inactive');
    case 'unit_not_found':
      return t('errors.unitNotFound', { context: wording });
    case 'rate_limited':
      return t('errors.tooMany');
    case undefined:
      return t('errors.http', { status: err.status });
    default:
      return errorText(t, err);
  }
}

function RetryButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-blue-700 px-4 text-lg font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300"
    >
      <RefreshIcon className="h-5 w-5" />
      {t('actions.retry')}
    </button>
  );
}

/** POST /api/work-sessions, then on to the unit's page; a refusal is told and the form stays. */
function useStartWork(qrId: string | null, wording: 'rooms' | undefined, retryUnits: () => void) {
  const { t } = useTranslation(['qrScan', 'common']);
  // 'sent' stays until the page changes: the button must not start the same work twice.
  const [starting, setStarting] = useState<'idle' | 'sending' | 'sent'>('idle');
  const startWork = async ({ unit, name, floorNumber }: StartWorkValues) => {
    const workerName = fullName(name);
    setStarting('sending');
    try {
      const result = await postWorkSession(
        { roomId: unit.id, workerName, ...(floorNumber !== undefined ? { floorNumber } : {}) },
        unit.number,
      );
      setStarting('sent');
      rememberWorkerName(name);
      if (qrId) keepDraft(startDraftKey(qrId), null);
      // The server speaks English; the worker reads their own language. Without signal the start waits in the outbox.
      if (result === 'waiting') toast({ title: t('common:offline.startWaiting') });
      else toast({ title: t(result.continuing ? 'continuing' : 'started'), variant: 'success' });
      navigate(workTasksUrl(unit.id, workerName, floorNumber ?? unit.floor));
    } catch (err) {
      setStarting('idle');
      toast({ title: startRefusalText(t, err, wording), variant: 'destructive' });
      const code = err instanceof ApiError ? err.code : undefined;
      if (code === 'project_inactive' && qrId) invalidateResource(facilityByQrUrl(qrId));
      if (code === 'unit_not_found') retryUnits();
    }
  };
  return { starting, setStarting, startWork };
}

/** Why the form cannot show (no QR, unknown QR, a load error, an inactive project…), and the way back. */
function BlockingNotice({
  onBack,
  children,
  ...notice
}: Omit<ComponentProps<typeof Notice>, 'children'> & { onBack: () => void; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <Notice {...notice}>{children}</Notice>
      <BackButton onBack={onBack} />
    </div>
  );
}

/**
 * /qr-scan — the first screen after scanning the project's QR code (docs/product.md "QR page"). Step 1: language;
 * step 2: unit, floor and name, then POST /api/work-sessions and on to /work-tasks/{roomId}.
 * Public: no login, none of the manager code, its own 30-minute inactivity time-out.
 */
export default function QrScanPage() {
  const { t, i18n } = useTranslation(['qrScan', 'common']);
  const location = useLocationUrl();
  const params = location.searchParams;
  // A bare /qr-scan (the work-tasks page's "next unit") reopens the last project scanned here.
  const paramQr = params.get('qrId')?.trim() || null;
  const qrId = useMemo(() => paramQr ?? recallQrId(), [paramQr]);

  const entry = useEntryStep(location);
  const step = entry.step;
  // Bumped on restart so the form starts empty (with the remembered name).
  const [formKey, setFormKey] = useState(0);
  const idle = useInactivity(FORM_IDLE);

  const facility = useFacilityByQr(qrId);
  const accepting = facility.data?.isActive === true;
  const wording = facility.data && CLEANING_FACILITY_TYPES.includes(facility.data.facilityType) ? 'rooms' : undefined;
  // What is typed in the unit field: the server suggests the units for it.
  const [unitQuery, setUnitQuery] = useState('');
  const rooms = useUnitSearch(qrId, unitQuery, accepting);
  const names = useWorkerNames(qrId, accepting);
  const { starting, setStarting, startWork } = useStartWork(qrId, wording, rooms.retry);

  const unknownQr = facility.error instanceof ApiError && facility.error.code === 'qr_not_found';
  // Writes a previous unit's page left waiting for signal keep going out from here too.
  useEffect(() => startOfflineWork(), []);

  useEffect(() => {
    if (facility.data && qrId) rememberQrId(qrId);
    else if (unknownQr && qrId === recallQrId()) rememberQrId(null);
  }, [facility.data, unknownQr, qrId]);

  const loadErrorText = (err: unknown) =>
    err instanceof ApiError && err.code === 'rate_limited' ? t('errors.tooMany') : t('errors.loadFailed');

  const chooseLanguage = (lng: Locale) => {
    void setLanguage(lng);
    entry.toDetails();
  };

  const restart = () => {
    entry.restart();
    if (qrId) keepDraft(startDraftKey(qrId), null);
    setFormKey((k) => k + 1);
    setUnitQuery('');
    setStarting('idle');
    if (qrId) refreshProject(qrId);
    idle.restart();
  };

  const back = entry.back;

  let content: ReactNode;
  if (idle.expired) {
    content = <InactivityClosed onRestart={restart} />;
  } else if (step === 1) {
    content = <LanguageStep title={t('language.title')} current={i18n.language} onChoose={chooseLanguage} />;
  } else if (!qrId) {
    content = (
      <BlockingNotice icon={<CameraIcon />} tone="warning" title={t('errors.noQrTitle')} onBack={back}>
        {t('errors.noQr')}
      </BlockingNotice>
    );
  } else if (facility.isPending) {
    content = <Loading label={t('loading')} />;
  } else if (unknownQr) {
    content = (
      <BlockingNotice icon={<QuestionIcon />} tone="error" onBack={back}>
        {t('errors.unknownQr')}
      </BlockingNotice>
    );
  } else if (facility.isError) {
    content = (
      <BlockingNotice icon={<NoSignalIcon />} tone="error" action={<RetryButton onClick={() => void facility.refetch()} />} onBack={back}>
        {loadErrorText(facility.error)}
      </BlockingNotice>
    );
  } else if (!facility.data?.isActive) {
    content = (
      <BlockingNotice icon={<StopIcon />} tone="error" title={t('errors.inactiveTitle')} onBack={back}>
        {t('errors.inactive')}
      </BlockingNotice>
    );
  } else if (rooms.units && rooms.units.length === 0 && rooms.query === '' && !rooms.offline) {
    content = (
      <BlockingNotice icon={<InboxIcon />} tone="warning" onBack={back}>
        {t('errors.noUnits', { context: wording })}
      </BlockingNotice>
    );
  } else {
    content = (
      <StartWorkForm
        key={formKey}
        units={rooms.units}
        unitsQuery={rooms.query}
        onUnitTextChange={setUnitQuery}
        knownNames={names.data ?? []}
        initialName={recallWorkerName()}
        draftKey={qrId ? startDraftKey(qrId) : null}
        wording={wording}
        unitsError={
          rooms.error ? (
            <Notice icon={<NoSignalIcon />} tone="error" action={<RetryButton onClick={rooms.retry} />}>
              {loadErrorText(rooms.error)}
            </Notice>
          ) : undefined
        }
        submitting={starting !== 'idle'}
        onBack={back}
        onStart={(values) => void startWork(values)}
      />
    );
  }

  return (
    <div lang={i18n.language} dir={dirOf(i18n.language)} className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      {idle.warning && <InactivityWarning remainingMs={idle.remainingMs} onExtend={idle.extend} />}
      <header className="border-b-2 border-slate-300 bg-white px-4 py-3">
        <div className="mx-auto flex max-w-lg items-center gap-2">
          <BuildingIcon className="h-7 w-7 text-slate-700" />
          <p className="min-w-0 flex-1 truncate text-lg font-semibold">
            {facility.data ? t('projectName', { name: facility.data.name }) : t('title')}
          </p>
          {step === 2 && <LanguageSelect selectClassName="max-w-28" />}
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col px-4 pt-4">
        {step === 2 && !idle.expired && <h1 className="sr-only">{t('title')}</h1>}
        {step === 2 && facility.savedAt !== undefined && <OutboxSavedNote at={facility.savedAt} />}
        {step === 2 && rooms.offline && (
          <p role="status" className="mt-2 text-sm font-semibold text-amber-900">
            {t('common:offline.seenUnits')}
          </p>
        )}
        {content}
      </main>
      <OutboxPanel />
    </div>
  );
}
