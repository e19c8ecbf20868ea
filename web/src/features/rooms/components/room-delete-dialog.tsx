import { useTranslation } from 'react-i18next';
import type { Room } from '../../../../../contract/rooms.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useDeleteRoom } from '../api/rooms.ts';
import { useRoomsText } from '../lib/use-wording.ts';

/** Confirmation before deleting a unit: nothing is sent until the user confirms. */
export function RoomDeleteDialog({ room, onClose, onDeleted }: { room: Room | null; onClose: () => void; onDeleted: () => void }) {
  const { tw } = useRoomsText();
  const { t: tc } = useTranslation('common');
  const remove = useDeleteRoom();
  const confirm = () => {
    if (!room) return;
    remove.mutate(room.id, {
      onSuccess: () => {
        toast({ title: tw('toast.deleted'), variant: 'success' });
        onDeleted();
      },
      onError: (err) => toast({ title: tw('toast.deleteError'), description: errorMessage(err, tc('state.error')), variant: 'destructive' }),
    });
  };
  return (
    <Dialog
      open={room !== null}
      onOpenChange={(o) => !o && !remove.isPending && onClose()}
      title={room ? tw('delete.title', { number: room.number }) : ''}
      description={tw('delete.confirm')}
    >
      <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{tw('delete.warning')}</p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          {tc('actions.cancel')}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
          {remove.isPending ? tw('delete.deleting') : tc('actions.delete')}
        </Button>
      </div>
    </Dialog>
  );
}
