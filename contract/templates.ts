import { z } from 'zod';
import { TEMPLATE_PROJECT_TYPES, type TemplateProjectType } from './project-types.ts';

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

/**
 * An optional whole number the server fills with `fallback` when it is missing or empty. Written as
 * optional-then-transform (not a preprocess) so that its input type — and the OpenAPI document's
 * request body — says the field may be left out (docs/decisions/032-api-contract.md).
 */
const intOr = (fallback: number, min: number, max: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v === '' || v === undefined || v === null ? fallback : typeof v === 'string' ? Number(v) : v))
    .pipe(z.number().int().min(min).max(max));

/**
 * Template minutes share the scheduling range (docs/product.md "Validation rules": 1–120), so a template can always be
 * scheduled as it is.
 */
export const TEMPLATE_MINUTES = { min: 1, max: 120, default: 5 } as const;

const templateName = z.string().trim().min(1, 'Task name is required').max(200);
const templateDescription = z
  .string()
  .trim()
  .max(2000)
  .nullable()
  .transform((v) => v || null);
/** 'all' (or empty) means every unit type. */
const templateRoomType = z
  .string()
  .trim()
  .max(40)
  .nullable()
  .transform((v) => (!v || v === 'all' ? null : v));

export const createTaskTemplateInput = z.object({
  name: templateName,
  description: templateDescription.optional().transform((v) => v ?? null),
  facilityType: z.enum(TEMPLATE_PROJECT_TYPES),
  roomType: templateRoomType.optional().transform((v) => v ?? null),
  isRequired: z.boolean().default(true),
  requiresPhoto: z.boolean().default(false),
  estimatedMinutes: intOr(TEMPLATE_MINUTES.default, TEMPLATE_MINUTES.min, TEMPLATE_MINUTES.max),
  sortOrder: intOr(0, 0, 10_000),
});
export type CreateTaskTemplateInput = z.output<typeof createTaskTemplateInput>;

/**
 * PUT changes only the fields it sends: no defaults here (a partial of the create schema would
 * reset isRequired, requiresPhoto and the unit type on every rename).
 */
export const updateTaskTemplateInput = z.object({
  name: templateName.optional(),
  description: templateDescription.optional(),
  facilityType: z.enum(TEMPLATE_PROJECT_TYPES).optional(),
  roomType: templateRoomType.optional(),
  isRequired: z.boolean().optional(),
  requiresPhoto: z.boolean().optional(),
  estimatedMinutes: z.coerce.number().int().min(TEMPLATE_MINUTES.min).max(TEMPLATE_MINUTES.max).optional(),
  sortOrder: z.coerce.number().int().min(0).max(10_000).optional(),
});
export type UpdateTaskTemplateInput = z.output<typeof updateTaskTemplateInput>;

/** Without a facility type, the defaults follow the project's own type. */
export const initDefaultsInput = z.object({ facilityType: z.enum(TEMPLATE_PROJECT_TYPES).optional() });
export const initDefaultsResult = z.object({ created: z.number().int(), message: z.string() });

/** Templates exist for construction, hotel, school and office; every other project type reads construction's. */
export const templateFacilityTypeOf = (facilityType: string | null | undefined): TemplateProjectType =>
  (TEMPLATE_PROJECT_TYPES as readonly string[]).includes(facilityType ?? '') ? (facilityType as TemplateProjectType) : 'construction';
