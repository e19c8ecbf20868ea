import { useTranslation } from '#web/lib/i18n-react.tsx';
import type { Room } from '#contract/rooms.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useDeleteRoom } from '../api/rooms.ts';
import { useWording } from '#web/lib/use-wording.ts';

/** Confirmation before deleting a unit: nothing is sent until the user confirms. */
export function RoomDeleteDialog({ room, onClose, onDeleted }: { room: Room | null; onClose: () => void; onDeleted: () => void }) {
  const { tw } = useWording('rooms');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const remove = useDeleteRoom();
  const confirm = () => {
    if (!room) return;
    remove.mutate(room.id, {
      onSuccess: () => {
        toast({ title: tw('toast.deleted'), variant: 'success' });
        onDeleted();
      },
      onError: (err) => toast({ title: tw('toast.deleteError'), description: errorText(err, tc('state.error')), variant: 'destructive' }),
    });
  };
  return (
    <ConfirmDialog
      open={room !== null}
      onClose={onClose}
      title={room ? tw('delete.title', { number: room.number }) : ''}
      description={tw('delete.confirm')}
      pending={remove.isPending}
      pendingLabel={tw('delete.deleting')}
      onConfirm={confirm}
    >
      {tw('delete.warning')}
    </ConfirmDialog>
  );
}
