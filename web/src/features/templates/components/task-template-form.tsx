import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { TEMPLATE_MINUTES, type CreateTaskTemplateInput, type TaskTemplate } from '#contract/templates.ts';
import { UNIT_TYPES, unitTypeLabelKey } from '#contract/project-types.ts';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import type { TemplateFacilityType } from '../api/templates.ts';
import { FormActions } from '#web/components/ui/form-actions.tsx';

/** Form defaults (docs/product.md "Validation rules"): 5 minutes, order 0, required, every unit type, no photo. */
export const TEMPLATE_DEFAULTS = {
  estimatedMinutes: TEMPLATE_MINUTES.default,
  sortOrder: 0,
  isRequired: true,
  requiresPhoto: false,
  roomType: 'all',
} as const;
export const MINUTES_RANGE = { min: TEMPLATE_MINUTES.min, max: TEMPLATE_MINUTES.max } as const;
export const ORDER_RANGE = { min: 0, max: 10_000 } as const;

/** Empty means the default; otherwise a whole number in range, or null when it is not one. */
export function parseWhole(value: string, fallback: number, range: { min: number; max: number }): number | null {
  const v = value.trim();
  if (v === '') return fallback;
  if (!/^\d+$/.test(v)) return null;
  const n = Number(v);
  return n >= range.min && n <= range.max ? n : null;
}

function Checkbox({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 h-6 w-6 shrink-0 accent-blue-700"
      />
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

export function TaskTemplateForm({
  facilityType,
  template,
  saving,
  onSubmit,
  onCancel,
}: {
  facilityType: TemplateFacilityType;
  /** The template being edited; none when adding. */
  template?: TaskTemplate | null;
  saving: boolean;
  onSubmit: (input: CreateTaskTemplateInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('templates');
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [roomType, setRoomType] = useState<string>(template?.roomType ?? TEMPLATE_DEFAULTS.roomType);
  const [minutes, setMinutes] = useState(String(template?.estimatedMinutes ?? TEMPLATE_DEFAULTS.estimatedMinutes));
  const [order, setOrder] = useState(String(template?.sortOrder ?? TEMPLATE_DEFAULTS.sortOrder));
  const [isRequired, setIsRequired] = useState<boolean>(template?.isRequired ?? TEMPLATE_DEFAULTS.isRequired);
  const [requiresPhoto, setRequiresPhoto] = useState<boolean>(template?.requiresPhoto ?? TEMPLATE_DEFAULTS.requiresPhoto);
  const [submitted, setSubmitted] = useState(false);

  const estimatedMinutes = parseWhole(minutes, TEMPLATE_DEFAULTS.estimatedMinutes, MINUTES_RANGE);
  const sortOrder = parseWhole(order, TEMPLATE_DEFAULTS.sortOrder, ORDER_RANGE);
  const nameError = name.trim() === '' ? t('form.nameRequired') : undefined;
  const minutesError = estimatedMinutes === null ? t('form.minutesInvalid', MINUTES_RANGE) : undefined;
  const orderError = sortOrder === null ? t('form.orderInvalid', ORDER_RANGE) : undefined;

  // A template saved with a unit type outside today's list keeps it as an option.
  const roomTypes: string[] = [...UNIT_TYPES];
  // Words follow the facility type: units on a construction site, rooms elsewhere.
  const rooms = facilityType !== 'construction';
  if (roomType !== 'all' && !roomTypes.includes(roomType)) roomTypes.push(roomType);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (nameError || estimatedMinutes === null || sortOrder === null) return;
    onSubmit({
      name: name.trim(),
      description: description.trim() || null,
      facilityType,
      roomType: roomType === 'all' ? null : roomType,
      isRequired,
      requiresPhoto,
      estimatedMinutes,
      sortOrder,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t('form.name')}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={200}
        error={submitted ? nameError : undefined}
        autoComplete="off"
      />
      <TextField
        label={t('form.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={2000}
        autoComplete="off"
      />
      <SelectField label={t(rooms ? 'form.roomTypeRooms' : 'form.roomType')} value={roomType} onChange={(e) => setRoomType(e.target.value)}>
        <option value="all">{t(rooms ? 'roomTypes.allRooms' : 'roomTypes.all')}</option>
        {roomTypes.map((rt) => (
          <option key={rt} value={rt}>
            {t(unitTypeLabelKey(rt), { defaultValue: rt })}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('form.minutes')}
          type="number"
          inputMode="numeric"
          min={MINUTES_RANGE.min}
          max={MINUTES_RANGE.max}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          error={submitted ? minutesError : undefined}
        />
        <TextField
          label={t('form.order')}
          type="number"
          inputMode="numeric"
          min={ORDER_RANGE.min}
          max={ORDER_RANGE.max}
          value={order}
          onChange={(e) => setOrder(e.target.value)}
          error={submitted ? orderError : undefined}
        />
      </div>
      <Checkbox label={t('form.required')} hint={t('form.requiredHint')} checked={isRequired} onChange={setIsRequired} />
      <Checkbox label={t('form.requiresPhoto')} hint={t('form.requiresPhotoHint')} checked={requiresPhoto} onChange={setRequiresPhoto} />
      <FormActions onCancel={onCancel} saving={saving} savingLabel={t('form.saving')} />
    </form>
  );
}
