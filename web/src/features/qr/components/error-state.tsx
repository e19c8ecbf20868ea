import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useErrorText } from '#web/lib/error-text.ts';

/**
 * A load that failed: the screen's own words, then why in the reader's language when the server
 * said why (its code) or the connection dropped; never the server's English message.
 */
export function ErrorState({
  message,
  error,
  onRetry,
  retrying,
}: {
  message: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation('common');
  const reason = useErrorText()(error, '');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-medium">{message}</p>
      {reason && <p className="text-sm">{reason}</p>}
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
