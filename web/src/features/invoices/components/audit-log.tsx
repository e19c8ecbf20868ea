import type { AuditEntry } from '#contract/billing.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { actionKey, auditFieldWords, changeText, compactValue } from '../lib/audit.ts';
import { formatMomentInIsrael } from '../lib/format.ts';

/** Actor types the log knows the words of; another is shown as written. */
const ACTOR_TYPES = ['user', 'platform-admin', 'system'];

/** A project's audit log, newest first as the server sends it: when (Israel time), who, what, what changed. */
export function AuditLog({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation('invoices');
  // Field names, statuses, amounts and dates in the reader's language rather than as stored.
  const words = auditFieldWords(i18n.language, (key) => (i18n.exists(`invoices:${key}`) ? t(key) : undefined));
  return (
    <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="audit-log">
      {entries.map((entry) => {
        const key = actionKey(entry.action);
        const change = changeText(entry.before, entry.after, words);
        const actorType = ACTOR_TYPES.includes(entry.actorType) ? t(`audit.actors.${entry.actorType}`) : entry.actorType;
        return (
          <li key={entry.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[11rem_1fr]">
            <time dateTime={entry.createdAt} className="text-slate-700" dir="ltr">
              {formatMomentInIsrael(entry.createdAt, i18n.language)}
            </time>
            <div className="min-w-0 space-y-1">
              <p>
                <span className="font-semibold">{i18n.exists(`invoices:${key}`) ? t(key) : <code dir="ltr">{entry.action}</code>}</span>
                {' · '}
                {entry.actorName ? <bdi>{entry.actorName}</bdi> : actorType}
                {entry.actorName && <span className="text-slate-600"> ({actorType})</span>}
              </p>
              {change ? (
                <p className="break-words text-xs text-slate-800" dir="auto">
                  {change}
                </p>
              ) : (
                entry.data != null && (
                  <p className="break-words text-xs text-slate-800" dir="auto">
                    {compactValue(entry.data, words)}
                  </p>
                )
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
