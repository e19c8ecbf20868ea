import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useDeleteReport } from '../api/reports.ts';
import type { Report, ReportKind } from '../lib/report-kind.ts';
import { useWording } from '#web/lib/use-wording.ts';

/** Confirmation before deleting: nothing is sent until the user confirms. */
export function ReportDeleteDialog({ kind, report, onClose }: { kind: ReportKind; report: Report | null; onClose: () => void }) {
  const { tw: t } = useWording('reports');
  const errorText = useErrorText();
  const remove = useDeleteReport(kind);
  const confirm = () => {
    if (!report) return;
    remove.mutate(report.id, {
      onSuccess: () => {
        toast({ title: t(`${kind}.toast.deleted`), variant: 'success' });
        onClose();
      },
      onError: (err) =>
        toast({ title: t('toast.errorTitle'), description: errorText(err, t(`${kind}.toast.deleteError`)), variant: 'destructive' }),
    });
  };
  return (
    <ConfirmDialog
      open={report !== null}
      onClose={onClose}
      title={t(`${kind}.deleteTitle`)}
      description={t(`${kind}.deleteConfirm`)}
      pending={remove.isPending}
      pendingLabel={t('deleting')}
      onConfirm={confirm}
    >
      {report && <span dir="auto">{report.name}</span>}
    </ConfirmDialog>
  );
}
