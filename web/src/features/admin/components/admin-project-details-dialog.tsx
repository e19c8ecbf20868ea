import type { AdminProject } from '#contract/billing.ts';
import { projectTypeLabelKey } from '#contract/project-types.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { formatDate } from '../lib/billing-view.ts';
import { DetailRows } from './detail-rows.tsx';
import { ProjectStatusBadge } from './status-badges.tsx';

/** A project's details, with the system id and the last update. */
export function AdminProjectDetailsDialog({ project, onClose }: { project: AdminProject | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={project !== null} onOpenChange={(o) => !o && onClose()} title={t('projects.details')} wide>
      {project && (
        <DetailRows
          rows={[
            [t('projects.name'), <bdi key="n">{project.name}</bdi>],
            [t('projects.type'), t(projectTypeLabelKey(project.facilityType))],
            [
              t('projects.qrId'),
              <code key="q" className="break-all">
                {project.qrId}
              </code>,
            ],
            [t('projects.status'), <ProjectStatusBadge key="s" status={project.status} reason={project.inactiveReason} />],
            [t('projects.registered'), formatDate(project.createdAt)],
            [
              t('projects.systemId'),
              <code key="i" className="break-all">
                {project.id}
              </code>,
            ],
            [t('projects.updated'), `${formatDate(project.updatedAt)} ${project.updatedAt.slice(11, 16)}`],
          ]}
        />
      )}
    </Dialog>
  );
}
