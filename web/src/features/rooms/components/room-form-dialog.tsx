import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { UNIT_TYPES, unitTypeLabelKey, type UnitType } from '#contract/project-types.ts';
import type { Room } from '#contract/rooms.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useCreateRoom, useUpdateRoom, type RoomFormValues } from '../api/rooms.ts';
import { useWording } from '#web/lib/use-wording.ts';
import { FormActions } from '#web/components/ui/form-actions.tsx';

const FLOOR_MIN = -20;
const FLOOR_MAX = 300;

interface Draft {
  number: string;
  floor: string;
  type: UnitType;
}
type Errors = Partial<Record<'number' | 'floor', string>>;

/** Form text to the API's input: floor empty → null. Returns errors instead when the input is bad. */
export function parseRoomForm(
  d: Draft,
): { values: RoomFormValues } | { errors: Record<keyof Errors, 'required' | 'floorInvalid' | undefined> } {
  const number = d.number.trim();
  const floorText = d.floor.trim();
  const floor = floorText === '' ? null : Number(floorText);
  const numberError = number === '' ? 'required' : undefined;
  const floorError = floor !== null && (!Number.isInteger(floor) || floor < FLOOR_MIN || floor > FLOOR_MAX) ? 'floorInvalid' : undefined;
  if (numberError || floorError) return { errors: { number: numberError, floor: floorError } };
  return { values: { number, floor, type: d.type } };
}

function RoomForm({ room, onDone }: { room: Room | null; onDone: () => void }) {
  const { t, tw, wording } = useWording('rooms');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const create = useCreateRoom();
  const update = useUpdateRoom();
  const saving = create.isPending || update.isPending;
  const defaultType: UnitType = wording === 'cleaning' ? 'standard' : 'apartment';
  const [draft, setDraft] = useState<Draft>({
    number: room?.number ?? '',
    floor: room?.floor === null || room?.floor === undefined ? '' : String(room.floor),
    type: room && (UNIT_TYPES as readonly string[]).includes(room.type) ? (room.type as UnitType) : defaultType,
  });
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseRoomForm(draft);
    if ('errors' in parsed) {
      setErrors({
        number: parsed.errors.number && tw('form.numberRequired'),
        floor: parsed.errors.floor && t('form.floorInvalid', { min: FLOOR_MIN, max: FLOOR_MAX }),
      });
      return;
    }
    setErrors({});
    const onError = (err: unknown) => {
      if (err instanceof ApiError && err.code === 'unit_number_taken') setErrors({ number: tw('form.numberExists') });
      toast({
        title: tw(room ? 'toast.updateError' : 'toast.createError'),
        description: errorText(err, tc('state.error')),
        variant: 'destructive',
      });
    };
    if (room) {
      update.mutate(
        { id: room.id, input: parsed.values },
        {
          onSuccess: () => {
            toast({ title: tw('toast.updated'), variant: 'success' });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(parsed.values, {
        onSuccess: () => {
          toast({ title: tw('toast.created'), variant: 'success' });
          onDone();
        },
        onError,
      });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={tw('form.number')}
        required
        value={draft.number}
        onChange={(e) => setDraft({ ...draft, number: e.target.value })}
        error={errors.number}
        maxLength={30}
        autoComplete="off"
        dir="auto"
      />
      <TextField
        label={t('form.floor')}
        hint={t('form.floorHint')}
        type="number"
        inputMode="numeric"
        step={1}
        min={FLOOR_MIN}
        max={FLOOR_MAX}
        value={draft.floor}
        onChange={(e) => setDraft({ ...draft, floor: e.target.value })}
        error={errors.floor}
      />
      <SelectField label={t('form.type')} value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value as UnitType })}>
        {UNIT_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(unitTypeLabelKey(type))}
          </option>
        ))}
      </SelectField>
      <FormActions onCancel={onDone} saving={saving} savingLabel={t('form.saving')} />
    </form>
  );
}

/** Add a unit (room = null) or edit one. The form remounts each time it opens, so it starts fresh. */
export function RoomFormDialog({ open, room, onClose }: { open: boolean; room: Room | null; onClose: () => void }) {
  const { tw } = useWording('rooms');
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={room ? tw('form.editTitle', { number: room.number }) : tw('form.addTitle')}
    >
      {open && <RoomForm key={room?.id ?? 'new'} room={room} onDone={onClose} />}
    </Dialog>
  );
}
