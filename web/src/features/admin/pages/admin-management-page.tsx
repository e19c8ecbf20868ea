import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminProject } from '#contract/billing.ts';
import { projectTypeLabelKey } from '#contract/project-types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useAdminProjects } from '#web/lib/queries/admin-projects.ts';
import { AdminProjectDetailsDialog } from '../components/admin-project-details-dialog.tsx';
import { OwnerPasswordReset } from '../components/owner-password-reset.tsx';
import { ProjectStatusBadge } from '../components/status-badges.tsx';
import { formatDate } from '../lib/billing-view.ts';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

interface RowActions {
  onDetails: (p: AdminProject) => void;
  onResetOwner: (p: AdminProject) => void;
}

function ProjectTable({ projects, onDetails, onResetOwner }: { projects: AdminProject[] } & RowActions) {
  const { t } = useTranslation('admin');
  return (
    <ScrollRegion label={t('nav.projects')} className="hidden rounded-xl border border-slate-200 bg-white md:block">
      <table className="w-full text-start text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {(['name', 'type', 'qrId', 'status', 'registered'] as const).map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-start font-medium">
                {t(`projects.${c}`)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-start font-medium">
              <span className="sr-only">{t('projects.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {projects.map((p) => (
            <tr key={p.id} className="border-t border-slate-100" data-testid="admin-project-row">
              <td className="px-3 py-2 font-medium">
                <bdi>{p.name}</bdi>
              </td>
              <td className="px-3 py-2">{t(projectTypeLabelKey(p.facilityType))}</td>
              <td className="max-w-48 truncate px-3 py-2 font-mono text-xs" title={p.qrId}>
                {p.qrId}
              </td>
              <td className="px-3 py-2">
                <ProjectStatusBadge status={p.status} reason={p.inactiveReason} />
              </td>
              <td className="px-3 py-2 tabular-nums">{formatDate(p.createdAt)}</td>
              <td className="px-3 py-2 text-end">
                <div className="flex flex-wrap justify-end gap-1">
                  <Button variant="secondary" onClick={() => onDetails(p)}>
                    {t('projects.details')}
                    <span className="sr-only">
                      {' '}
                      <bdi>{p.name}</bdi>
                    </span>
                  </Button>
                  <Button variant="secondary" onClick={() => onResetOwner(p)}>
                    {t('projects.resetOwner')}
                    <span className="sr-only">
                      {' '}
                      <bdi>{p.name}</bdi>
                    </span>
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function ProjectCards({ projects, onDetails, onResetOwner }: { projects: AdminProject[] } & RowActions) {
  const { t } = useTranslation('admin');
  return (
    <ul className="space-y-3 md:hidden">
      {projects.map((p) => (
        <li key={p.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="admin-project-card">
          <div className="flex items-start justify-between gap-2">
            <h2 className="font-semibold">
              <bdi>{p.name}</bdi>
            </h2>
            <ProjectStatusBadge status={p.status} reason={p.inactiveReason} />
          </div>
          <p className="text-sm text-slate-700">
            {t(projectTypeLabelKey(p.facilityType))} · {formatDate(p.createdAt)}
          </p>
          <p className="truncate font-mono text-xs text-slate-600">{p.qrId}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button variant="secondary" onClick={() => onDetails(p)}>
              {t('projects.details')}
            </Button>
            <Button variant="secondary" onClick={() => onResetOwner(p)}>
              {t('projects.resetOwner')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /admin-management: every project on the platform (docs/product.md "Platform admin screens"). */
export default function AdminManagementPage() {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  const query = useAdminProjects();
  const [details, setDetails] = useState<AdminProject | null>(null);
  const [resetting, setResetting] = useState<AdminProject | null>(null);
  const projects = query.data;

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('projects.title')}</h1>
        <Link
          to="/customer-billing"
          className="inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800"
        >
          {t('projects.toBilling')}
        </Link>
      </header>
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-900">
          {t('projects.loadError')}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {tc('actions.retry')}
          </Button>
        </div>
      ) : !projects ? (
        <Loading label={t('projects.loading')} />
      ) : projects.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">{t('projects.empty')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t('projects.count', { count: projects.length })}</p>
          <ProjectTable projects={projects} onDetails={setDetails} onResetOwner={setResetting} />
          <ProjectCards projects={projects} onDetails={setDetails} onResetOwner={setResetting} />
        </>
      )}
      <AdminProjectDetailsDialog project={details} onClose={() => setDetails(null)} />
      <OwnerPasswordReset project={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
