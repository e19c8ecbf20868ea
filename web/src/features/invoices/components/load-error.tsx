import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** A failed load in the reader's words, with a retry unless retrying cannot help (a 404). */
export function LoadError({ message, onRetry, retrying }: { message: string; onRetry?: () => void; retrying?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
      <p>{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}
