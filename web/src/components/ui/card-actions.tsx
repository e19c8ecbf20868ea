import { useTranslation } from '#web/lib/i18n-react.tsx';

const button = 'min-h-11 min-w-11 rounded-md border px-3 text-sm font-medium';

/**
 * A list card's edit and delete buttons. Each name starts with the word the button shows and
 * then names the item ("Edit — Dana Levi"): a screen reader tells the cards apart, and a voice
 * control user says what they see (WCAG 2.5.3 "label in name"). `deleteBlocked` disables delete and
 * says why beside it.
 */
export function CardActions({
  itemName,
  onEdit,
  onDelete,
  deleteBlocked,
  className = 'flex shrink-0 gap-2',
}: {
  /** The item's name as the card shows it. */
  itemName: string;
  onEdit: () => void;
  onDelete: () => void;
  deleteBlocked?: { id: string; reason: string } | null;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const named = (action: string) => t('labelInName.itemAction', { action, name: itemName });
  return (
    <div className={className}>
      <button
        type="button"
        onClick={onEdit}
        aria-label={named(t('actions.edit'))}
        className={`${button} border-slate-300 text-slate-800 hover:bg-slate-100`}
      >
        {t('actions.edit')}
      </button>
      <button
        type="button"
        onClick={onDelete}
        disabled={Boolean(deleteBlocked)}
        aria-label={named(t('actions.delete'))}
        aria-describedby={deleteBlocked ? deleteBlocked.id : undefined}
        className={`${button} border-red-300 text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-500 disabled:hover:bg-transparent`}
      >
        {t('actions.delete')}
      </button>
      {deleteBlocked && (
        <span id={deleteBlocked.id} className="text-xs text-slate-600">
          {deleteBlocked.reason}
        </span>
      )}
    </div>
  );
}
