import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { serverText } from '../lib/server-text.ts';
import { useDeleteReport } from '../api/reports.ts';
import type { Report, ReportKind } from '../lib/report-kind.ts';
import { useReportsText } from '../lib/use-reports-text.ts';

/** Confirmation before deleting: nothing is sent until the user confirms. */
export function ReportDeleteDialog({ kind, report, onClose }: { kind: ReportKind; report: Report | null; onClose: () => void }) {
  const { t } = useReportsText();
  const tc = useTranslation('common').t;
  const remove = useDeleteReport(kind);
  const confirm = () => {
    if (!report) return;
    remove.mutate(report.id, {
      onSuccess: () => {
        toast({ title: t(`${kind}.toast.deleted`), variant: 'success' });
        onClose();
      },
      onError: (err) => toast({ title: t('toast.errorTitle'), description: serverText(err, t(`${kind}.toast.deleteError`)), variant: 'destructive' }),
    });
  };
  return (
    <Dialog open={report !== null} onOpenChange={(o) => !o && !remove.isPending && onClose()} title={t(`${kind}.deleteTitle`)} description={t(`${kind}.deleteConfirm`)}>
      {report && (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm break-words text-red-900" dir="auto">
          {report.name}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          {tc('actions.cancel')}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
          {remove.isPending ? t('deleting') : tc('actions.delete')}
        </Button>
      </div>
    </Dialog>
  );
}
