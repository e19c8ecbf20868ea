import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n-react.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <Link to="/" className="text-blue-700 underline">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
