import { z } from 'zod';
import { optionalText } from './text.ts';

/** Shortages and measurements reported on site (docs/product.md "Shortages and measurements"). */
export const REPORT_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

const quantity = z.coerce.number().int().min(1, 'Quantity must be at least 1').max(100_000);
const mm = z.coerce.number().int().min(0, 'Millimetres must be 0 or more').max(1_000_000);

export const shortageSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  reportedBy: z.string().nullable(),
  /** The unit (the API's apartment, docs/product.md "Wording"), null when none or deleted. */
  apartmentId: z.string().nullable(),
  /** The unit's number for display, null when none. */
  apartmentNumber: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reportedAt: z.string(),
});
export type Shortage = z.infer<typeof shortageSchema>;

export const measurementSchema = shortageSchema.extend({
  height: z.number().int(),
  width: z.number().int(),
  thickness: z.number().int(),
});
export type Measurement = z.infer<typeof measurementSchema>;

/** Manager's add/edit. The unit is given by its number (as typed in the dialog), optional. */
export const shortageInput = z.object({
  name: z.string().trim().min(1, 'Please enter an item name').max(200),
  quantity,
  notes: optionalText(2000),
  reportedBy: optionalText(100),
  apartmentNumber: optionalText(30),
  status: z.enum(REPORT_STATUSES).default('pending'),
});
export type ShortageInput = z.input<typeof shortageInput>;
export const measurementInput = shortageInput.extend({ height: mm, width: mm, thickness: mm.default(0) });
export type MeasurementInput = z.input<typeof measurementInput>;

export const reportListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', ...REPORT_STATUSES]).default('all'),
});
