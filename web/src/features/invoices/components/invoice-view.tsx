import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { InvoiceDocument as InvoiceDocumentData } from '#contract/billing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { InvoiceDocument } from './invoice-document.tsx';
import { InvoicePrintStyles } from './invoice-print-styles.tsx';
import { LoadError } from './load-error.tsx';

/**
 * An invoice page: a back link and the print button (in the reader's language, never printed), then
 * the document, or its loading or error state (docs/product.md "Tax invoice").
 */
export function InvoiceView({
  query,
  copy,
  back,
}: {
  query: UseQueryResult<InvoiceDocumentData>;
  copy: boolean;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation('invoices');
  const errorText = useErrorText();
  const err = query.error;
  const notFound = err instanceof ApiError && err.code === 'invoice_not_found';
  // A 401 is the frame's: it says so and sends the user to sign in.
  const unauthorized = err instanceof ApiError && err.code === 'unauthorized';

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <InvoicePrintStyles />
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={back.to} className="inline-flex min-h-11 items-center gap-2 font-medium text-blue-800 underline-offset-4 hover:underline">
          <span aria-hidden className="rtl:rotate-180">
            ←
          </span>
          {back.label}
        </Link>
        {query.data && (
          <Button onClick={() => window.print()} className="w-full sm:w-auto">
            {t('document.print')}
          </Button>
        )}
      </div>
      {query.data ? (
        <ScrollRegion label={t('document.region')}>
          <InvoiceDocument invoice={query.data} copy={copy} />
        </ScrollRegion>
      ) : query.isPending || unauthorized ? (
        <Loading />
      ) : (
        <LoadError
          message={notFound ? errorText(err) : errorText(err, t('document.loadError'))}
          onRetry={notFound ? undefined : () => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
    </div>
  );
}
