import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminProject } from '#contract/billing.ts';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { useAdminProjects } from '#web/lib/queries/admin-projects.ts';
import { useAdminProjectAudit, useAdminProjectInvoices } from '../api/invoices.ts';
import { AuditLog } from '../components/audit-log.tsx';
import { InvoiceList } from '../components/invoice-list.tsx';
import { LoadError } from '../components/load-error.tsx';

type Loadable<T> = { data: T | undefined; isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };

/** A section with its own loading, error (with retry) and empty states. */
function Section<T extends unknown[]>({
  id,
  title,
  query,
  empty,
  errorMessage,
  children,
}: {
  id: string;
  title: string;
  query: Loadable<T>;
  empty: string;
  errorMessage: string;
  children: (data: T) => ReactNode;
}) {
  const errorText = useErrorText();
  let body: ReactNode;
  if (query.data) body = query.data.length ? children(query.data) : <p className="text-slate-700">{empty}</p>;
  else if (query.isPending) body = <Loading />;
  else body = <LoadError message={errorText(query.error, errorMessage)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {body}
    </section>
  );
}

function ProjectHeading({ project }: { project: AdminProject }) {
  const { t } = useTranslation('invoices');
  const status = t(`project.status.${project.status}`);
  const reason = project.inactiveReason ? t(`project.reason.${project.inactiveReason}`) : null;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">
        <bdi>{project.name}</bdi>
      </h1>
      <p data-testid="project-status" className="text-slate-800">
        {t('project.statusLabel')}: <span className="font-semibold">{status}</span>
        {reason && <span> ({reason})</span>}
      </p>
    </>
  );
}

/**
 * /customer-billing/projects/:projectId — one project for the platform admin: its name and status,
 * its invoices (each opening the copy) and its audit log (docs/product.md "Tax invoice").
 */
export default function AdminProjectBillingPage() {
  const { t } = useTranslation('invoices');
  const errorText = useErrorText();
  const { projectId = '' } = useParams();
  const projects = useAdminProjects();
  const invoices = useAdminProjectInvoices(projectId);
  const audit = useAdminProjectAudit(projectId);
  const project = projects.data?.find((p) => p.id === projectId);

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 p-4 sm:p-6">
      <Link
        to="/customer-billing"
        className="inline-flex min-h-11 items-center gap-2 font-medium text-blue-800 underline-offset-4 hover:underline"
      >
        <span aria-hidden className="rtl:rotate-180">
          ←
        </span>
        {t('project.back')}
      </Link>
      <header className="space-y-1">
        {project ? (
          <ProjectHeading project={project} />
        ) : (
          <>
            <h1 className="text-2xl font-bold text-slate-900">{t('project.title')}</h1>
            {projects.isPending ? (
              <Loading />
            ) : projects.error ? (
              <LoadError
                message={errorText(projects.error, t('project.loadError'))}
                onRetry={() => void projects.refetch()}
                retrying={projects.isFetching}
              />
            ) : (
              <p role="alert">{t('project.notFound')}</p>
            )}
          </>
        )}
      </header>
      <Section
        id="project-invoices"
        title={t('invoices.title')}
        query={invoices}
        empty={t('invoices.empty')}
        errorMessage={t('invoices.loadError')}
      >
        {(list) => <InvoiceList invoices={list} hrefOf={(i) => `/customer-billing/invoices/${encodeURIComponent(i.id)}`} />}
      </Section>
      <Section id="project-audit" title={t('audit.title')} query={audit} empty={t('audit.empty')} errorMessage={t('audit.loadError')}>
        {(entries) => <AuditLog entries={entries} />}
      </Section>
    </div>
  );
}
