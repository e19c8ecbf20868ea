import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Button } from '../../../components/ui/button.tsx';

export function ErrorState({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-medium">{message}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
