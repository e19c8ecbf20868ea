import { Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { keepForOffline } from '#web/lib/code-for-offline.ts';
import { linkTo, navigate, useLocationUrl } from '#web/lib/navigation.ts';
import { roomIdOf } from '#contract/worker-pages.ts';
import { invalidateResource, setResourceData } from '#web/lib/resource.ts';
import { CLEANING_FACILITY_TYPES } from '#contract/cleaning-types.ts';
import type { PublicRoomDetails, PublicTask } from '#contract/worker.ts';
import { LanguageSelect } from '#web/components/language-select.tsx';
import { QrScannerButton } from '#web/components/qr-scanner-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { FORM_IDLE, useInactivity } from '#web/lib/use-inactivity.ts';
import { startWorkSession, tasksUrl, usePendingWrites, usePublicRoom, usePublicTasks } from '../api/work-tasks.ts';
import { ArrowNextIcon, BackIcon, BoxIcon, NoSignalIcon, RulerIcon, WarningIcon } from '#web/components/ui/icons.tsx';
import type { ReportKind } from '../components/report-dialog.tsx';
import { TaskCard } from '../components/task-card.tsx';
import { onOutboxResult, type OutboxResult } from '#web/lib/outbox.ts';
import { startOfflineWork } from '#web/lib/offline-work.ts';
import { fullName, languageWasChosen, recallWorkerName, rememberWorkerName, splitName } from '#web/lib/worker-memory.ts';
import { setLanguage } from '#web/lib/i18n.ts';
import { LanguageStep } from '#web/components/language-step.tsx';
import { useWelcomeDraft } from '../lib/use-welcome-draft.ts';
import { refusalText } from '../lib/refusal.ts';
import { progressOf, type Progress } from '../lib/progress.ts';
import { OutboxPanel } from '#web/components/outbox-panel.tsx';
import { OutboxSavedNote } from '#web/components/outbox-saved-note.tsx';
import { isOffline } from '#web/lib/offline-store.ts';
import { LoadFailed, lazyOr } from '#web/components/ui/load-failed.tsx';

// Dialogs open on a tap, after the page is up: they (and Radix Dialog) are not in its first
// download. They are kept for use without signal (lib/code-for-offline.ts).
const loadReportDialog = () => import('../components/report-dialog.tsx');
const ReportDialog = lazyOr(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })), LoadFailed);
const loadPhotoDialog = () => import('../components/photo-dialog.tsx');
// The idle warning shows only after minutes without a touch: it, too, stays out of the first download.
const loadInactivityBanner = () => import('../components/inactivity-banner.tsx');
// What follows the list (all done, or the way home) is drawn after the list; its code is asked for with
// the page's first requests (worker-app/work-tasks-main.tsx) but is not in their download.
const loadCompletionNote = () => import('../components/completion-note.tsx');
const CompletionNote = lazyOr(
  () => loadCompletionNote().then((m) => ({ default: m.CompletionNote })),
  () => null,
);
export const preloadCompletionNote = () => CompletionNote.preload();
const InactivityBanner = lazyOr(
  () => loadInactivityBanner().then((m) => ({ default: m.InactivityBanner })),
  () => null,
);

/** Words follow the facility type (docs/product.md, "Words follow the facility type"): hotels, schools and offices have rooms, not apartments. */
const wording = (room: PublicRoomDetails) => (CLEANING_FACILITY_TYPES.includes(room.facilityType) ? 'room' : undefined);

const bigLink = 'inline-flex min-h-14 w-full items-center justify-center gap-2 rounded-md px-4 text-base font-semibold';
const primaryLink = `${bigLink} bg-blue-700 text-white hover:bg-blue-800`;
const secondaryLink = `${bigLink} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;

/** A whole-screen message with one way forward (missing id, closed form, unknown unit…). */
function Notice({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-5 p-6 text-center">
      {icon}
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}

function BackToScan() {
  const { t } = useTranslation('workTasks');
  return (
    <a {...linkTo('/qr-scan')} className={primaryLink}>
      <BackIcon /> {t('backToScan')}
    </a>
  );
}

function Header({ room }: { room: PublicRoomDetails }) {
  const { t } = useTranslation('workTasks');
  return (
    <header className="sticky top-0 z-20 flex items-center gap-2 border-b border-slate-200 bg-white/95 px-3 py-2 backdrop-blur">
      <a
        {...linkTo('/qr-scan')}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
        aria-label={t('backToScan')}
      >
        <BackIcon className="h-6 w-6" />
      </a>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-bold text-slate-900">{t('header.unit', { number: room.number, context: wording(room) })}</h1>
        <p className="truncate text-sm text-slate-700">
          {room.floor !== null ? `${t('header.floor', { floor: room.floor })} · ` : ''}
          {room.facilityName}
        </p>
      </div>
      <LanguageSelect selectClassName="max-w-28" />
    </header>
  );
}

function Welcome({ room, onStart }: { room: PublicRoomDetails; onStart: (name: string) => Promise<boolean> }) {
  const { t } = useTranslation('workTasks');
  // A unit's own label opens this page directly: offer the name this phone already knows.
  const [name, setName, forgetDraft] = useWelcomeDraft(room.id, () => fullName(recallWorkerName()));
  const [starting, setStarting] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      toast({ title: t('welcome.nameRequiredTitle'), description: t('welcome.nameRequired'), variant: 'destructive' });
      return;
    }
    setStarting(true);
    const ok = await onStart(name.trim());
    if (ok) forgetDraft();
    else setStarting(false);
  };
  return (
    <>
      <Header room={room} />
      <main className="mx-auto max-w-md space-y-5 p-4">
        <h2 className="text-2xl font-bold text-slate-900">{t('welcome.title', { number: room.number, context: wording(room) })}</h2>
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <TextField
            label={t('welcome.nameLabel')}
            dir="auto"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
            maxLength={100}
            required
            autoFocus
          />
          <Button type="submit" disabled={name.length === 0 || starting} className="min-h-14 w-full text-base">
            <ArrowNextIcon /> {starting ? t('task.sending') : t('welcome.start')}
          </Button>
          <a {...linkTo('/qr-scan')} className={secondaryLink}>
            <BackIcon /> {t('welcome.back')}
          </a>
        </form>
      </main>
    </>
  );
}

function ProgressBar({ done, waiting, total }: Progress) {
  const { t } = useTranslation('workTasks');
  const percent = (n: number) => Math.round((n / (total || 1)) * 100);
  // Completions waiting to send count, and say so (docs/product.md "Working without signal").
  const text = waiting > 0 ? t('progressWaiting.count', { done: done + waiting, total, waiting }) : t('progress.count', { done, total });
  return (
    <section className="space-y-1" aria-label={t('progress.title')}>
      <p className="flex justify-between text-sm font-semibold text-slate-800">
        <span>{t('progress.title')}</span>
        <span data-testid="progress-text">{text}</span>
      </p>
      <div
        role="progressbar"
        aria-label={t('progress.title')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done + waiting}
        className="flex h-4 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-emerald-600 transition-all" style={{ width: `${percent(done)}%` }} />
        <div className="h-full bg-amber-500 transition-all" style={{ width: `${percent(waiting)}%` }} data-testid="progress-waiting" />
      </div>
    </section>
  );
}

/** Answers from the server (now or after a reload): the only place success is announced. */
function useOutboxAnswers() {
  const { t } = useTranslation('workTasks');
  useEffect(
    () =>
      onOutboxResult((r: OutboxResult) => {
        const { entry } = r;
        if (entry.kind === 'complete') {
          const url = tasksUrl(entry.roomId);
          if (r.ok) {
            // The server confirmed: show it at once, then read the truth again.
            setResourceData<PublicTask[]>(url, (old) =>
              old?.map((task) => (task.id === entry.taskId ? { ...task, isCompleted: true, rejection: null } : task)),
            );
            toast({ title: t('toast.taskCompleted'), variant: 'success' });
          } else {
            toast({ title: t('toast.completeError'), description: refusalText(t, r.error), variant: 'destructive' });
          }
          invalidateResource(url);
        } else if (entry.kind === 'shortage' || entry.kind === 'measurement') {
          if (r.ok) toast({ title: t(entry.kind === 'shortage' ? 'toast.shortageAdded' : 'toast.measurementAdded'), variant: 'success' });
          else
            toast({
              title: t(entry.kind === 'shortage' ? 'toast.shortageError' : 'toast.measurementError'),
              description: refusalText(t, r.error),
              variant: 'destructive',
            });
        }
      }),
    [t],
  );
}

function MainStep({ room, workerName }: { room: PublicRoomDetails; workerName: string }) {
  const { t } = useTranslation('workTasks');
  const tasks = usePublicTasks(room.id);
  const pending = usePendingWrites(room.id);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [report, setReport] = useState<ReportKind | null>(null);
  // Stages completed on the phone while their photo waits for signal (told by their open cards).
  const [queued, setQueued] = useState<Record<string, boolean>>({});

  useOutboxAnswers();

  // Stages the manager sent back come first (docs/decisions/029-quality-loop.md).
  const list = [...(tasks.data ?? [])].sort((a, b) => +!!b.rejection - +!!a.rejection);
  const progress = progressOf(list, pending, queued);
  const allDone = list.length > 0 && progress.done === list.length;
  const waitingReports = pending.filter((e) => e.kind !== 'complete' && e.waiting).length;

  return (
    <>
      <Header room={room} />
      <main className="mx-auto max-w-xl space-y-4 p-3 pb-10">
        {tasks.savedAt !== undefined && <OutboxSavedNote at={tasks.savedAt} />}
        {tasks.isPending ? (
          <Loading label={t('loading')} />
        ) : tasks.isError ? (
          <div className="space-y-3 rounded-xl border-2 border-red-300 bg-red-50 p-4 text-red-900" role="alert">
            <p className="flex items-center gap-2 font-semibold">
              <WarningIcon /> {t('loadError')}
            </p>
            <Button onClick={() => void tasks.refetch()} className="w-full">
              {t('retry')}
            </Button>
          </div>
        ) : (
          <>
            <ProgressBar {...progress} />
            {list.length === 0 ? (
              <p className="rounded-xl border border-slate-300 bg-white p-4 text-center text-slate-800">
                {t('empty', { context: wording(room) })}
              </p>
            ) : (
              <ol className="space-y-3" aria-label={t('tasksLabel')}>
                {list.map((task, i) => (
                  <TaskCard
                    key={task.id}
                    task={task}
                    index={i}
                    expanded={expanded === task.id && !task.isCompleted}
                    onToggle={() => setExpanded((cur) => (cur === task.id ? null : task.id))}
                    roomId={room.id}
                    workerName={workerName}
                    pending={pending.find((e) => e.kind === 'complete' && e.taskId === task.id)}
                    onQueued={setQueued}
                  />
                ))}
              </ol>
            )}
          </>
        )}

        {waitingReports > 0 && (
          <p
            className="flex items-center gap-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
            role="status"
          >
            <NoSignalIcon /> {t('outbox.reportsWaiting', { n: waitingReports })}
          </p>
        )}

        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={() => setReport('shortage')} className="min-h-14 text-center text-base">
            <BoxIcon /> {t('actions.addShortage')}
          </Button>
          <Button variant="secondary" onClick={() => setReport('measurement')} className="min-h-14 text-center text-base">
            <RulerIcon /> {t('actions.addMeasurement')}
          </Button>
        </div>

        {!allDone && <QrScannerButton context={wording(room)} />}
        {tasks.isSuccess && (
          <Suspense fallback={null}>
            <CompletionNote context={wording(room)} allDone={allDone} />
          </Suspense>
        )}
      </main>
      {report && (
        <Suspense fallback={null}>
          <ReportDialog
            kind={report}
            open
            onOpenChange={(o) => !o && setReport(null)}
            roomId={room.id}
            workerName={workerName}
            unitNumber={room.number}
            floor={room.floor}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * /work-tasks/{roomId}: the site worker's page (docs/product.md "Work-tasks page"). No login: the unit id is the capability.
 * States: missing id → loading → (unknown unit | inactive project) → welcome (name) → main; the
 * inactivity time-out closes the form from welcome or main.
 */
export default function WorkTasksPage() {
  const { t, i18n } = useTranslation('workTasks');
  const location = useLocationUrl();
  const search = location.searchParams;
  const roomId = roomIdOf(location.pathname);
  const workerName = (search.get('workerName') ?? '').trim();
  const floorNumber = search.get('floorNumber') ?? undefined;
  const room = usePublicRoom(roomId);
  // A unit's label opened on a phone that never chose a language: ask first, as the QR page does
  // (docs/product.md "QR page", "It remembers the worker"); the unit loads meanwhile.
  const [askLanguage, setAskLanguage] = useState(() => !languageWasChosen());
  const idle = useInactivity({ ...FORM_IDLE, enabled: !!roomId && room.isSuccess && !askLanguage });

  useEffect(() => keepForOffline(loadReportDialog, loadPhotoDialog, loadInactivityBanner, loadCompletionNote), []);

  useEffect(() => {
    startOfflineWork();
    return onOutboxResult((r) => {
      if (r.entry.kind === 'session' && !r.ok)
        toast({ title: t('toast.sessionError'), description: refusalText(t, r.error), variant: 'destructive' });
    });
  }, [t]);

  if (askLanguage) {
    return (
      <main className="mx-auto max-w-md space-y-5 p-4">
        <LanguageStep
          title={t('languageStep.title')}
          current={i18n.language}
          onChoose={(lng) => {
            void setLanguage(lng);
            setAskLanguage(false);
          }}
        />
      </main>
    );
  }
  if (!roomId) {
    return (
      <Notice icon={<WarningIcon className="h-12 w-12 text-amber-700" />} title={t('missingRoom')}>
        <BackToScan />
      </Notice>
    );
  }
  if (idle.expired) {
    return (
      <Notice icon={<WarningIcon className="h-12 w-12 text-amber-700" />} title={t('timedOut')}>
        <BackToScan />
        {/* What still waits to be sent stays in view: nothing waits silently (docs/product.md "Working without signal"). */}
        <OutboxPanel />
      </Notice>
    );
  }
  if (room.isPending) return <Loading label={t('loading')} />;
  if (room.isError) {
    const notFound = room.error instanceof ApiError && room.error.code === 'unit_not_found';
    // Never opened on this phone and no signal: it opens by itself when the signal returns.
    if (isOffline(room.error))
      return (
        <Notice icon={<NoSignalIcon className="h-12 w-12 text-amber-700" />} title={t('common:offline.neverSeenTitle')}>
          <p role="status">{t('common:offline.neverSeen')}</p>
          <BackToScan />
          <OutboxPanel />
        </Notice>
      );
    return (
      <Notice icon={<WarningIcon className="h-12 w-12 text-red-700" />} title={notFound ? t('roomNotFound') : t('loadError')}>
        {!notFound && (
          <Button onClick={() => void room.refetch()} className="min-h-14 w-full text-base">
            {t('retry')}
          </Button>
        )}
        <BackToScan />
      </Notice>
    );
  }
  const unit = room.data;
  if (!unit.projectActive) {
    return (
      <Notice icon={<WarningIcon className="h-12 w-12 text-red-700" />} title={t('projectInactive')}>
        <BackToScan />
      </Notice>
    );
  }

  const start = async (name: string) => {
    const status = await startWorkSession(unit.id, name, floorNumber, unit.number);
    if (status === 'rejected') return false;
    rememberWorkerName(splitName(name));
    const next = new URLSearchParams(search);
    next.set('workerName', name);
    // The name goes into the address, so a reload does not ask for it again.
    navigate(`${location.pathname}?${next}`, { replace: true });
    return true;
  };

  return (
    <div className={`min-h-dvh bg-slate-50 ${idle.warning ? 'pb-40' : ''}`}>
      {idle.warning && (
        <Suspense fallback={null}>
          <InactivityBanner remainingMs={idle.remainingMs} onExtend={idle.extend} />
        </Suspense>
      )}
      {workerName ? <MainStep room={unit} workerName={workerName} /> : <Welcome room={unit} onStart={start} />}
      <OutboxPanel />
    </div>
  );
}
