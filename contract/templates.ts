import { z } from 'zod';

export const TEMPLATE_FACILITY_TYPES = ['construction', 'hotel', 'school', 'office'] as const;
/** Unit types offered per facility type in the template form (spec §3), plus construction's. */
export const TEMPLATE_ROOM_TYPES: Record<(typeof TEMPLATE_FACILITY_TYPES)[number], readonly string[]> = {
  construction: ['apartment', 'studio', 'penthouse', 'commercial_space', 'parking', 'storage', 'lobby'],
  hotel: ['standard', 'luxury', 'suite', 'family'],
  school: ['classroom', 'laboratory', 'library', 'cafeteria'],
  office: ['meeting_room', 'workspace', 'reception', 'break_room'],
};

const translations = z.record(z.string(), z.object({ name: z.string().optional(), description: z.string().optional() })).nullable();

export const taskTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  translations: translations,
  facilityType: z.string(),
  roomType: z.string().nullable(),
  isRequired: z.boolean(),
  requiresPhoto: z.boolean(),
  estimatedMinutes: z.number().int(),
  sortOrder: z.number().int(),
});
export type TaskTemplate = z.infer<typeof taskTemplateSchema>;

const intOr = (fallback: number, min: number, max: number) =>
  z.preprocess((v) => {
    if (v === '' || v === undefined || v === null) return fallback;
    const n = typeof v === 'string' ? Number(v) : v;
    return n;
  }, z.number().int().min(min).max(max));

export const createTaskTemplateInput = z.object({
  name: z.string().trim().min(1, 'Task name is required').max(200),
  description: z.string().trim().max(2000).optional().nullable().transform((v) => v || null),
  facilityType: z.enum(TEMPLATE_FACILITY_TYPES),
  /** 'all' (or empty) means every unit type. */
  roomType: z.string().trim().max(40).optional().nullable().transform((v) => (!v || v === 'all' ? null : v)),
  isRequired: z.boolean().default(true),
  requiresPhoto: z.boolean().default(false),
  estimatedMinutes: intOr(5, 1, 600),
  sortOrder: intOr(0, 0, 10_000),
});
export type CreateTaskTemplateInput = z.output<typeof createTaskTemplateInput>;
export const updateTaskTemplateInput = createTaskTemplateInput.partial();
export type UpdateTaskTemplateInput = z.output<typeof updateTaskTemplateInput>;

export const initDefaultsInput = z.object({ facilityType: z.enum(TEMPLATE_FACILITY_TYPES).default('construction') });
