/** How the audit log shows an entry's values (docs/product.md "Tax invoice", platform admin's project page). */

/** How a field of an entry is named and its value written; the default writes both as stored. */
export interface FieldWords {
  label: (key: string) => string;
  value: (key: string, value: unknown) => string;
}

const AS_STORED: FieldWords = {
  label: (key) => key,
  value: (_key, v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)),
};

/** A value as short text: `name: value` pairs for an object, `—` for nothing. */
export function compactValue(value: unknown, words: FieldWords = AS_STORED): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${words.label(k)}: ${v === null || v === undefined ? '—' : words.value(k, v)}`)
      .join(', ');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "before → after", or the one that exists; null when the entry records no change. */
export function changeText(before: unknown, after: unknown, words: FieldWords = AS_STORED): string | null {
  const has = (v: unknown) => v !== null && v !== undefined;
  if (!has(before) && !has(after)) return null;
  return `${compactValue(before, words)} → ${compactValue(after, words)}`;
}

/** The i18n key of an action's words (`invoice.paid` → `audit.actions.invoice_paid`). */
export const actionKey = (action: string) => `audit.actions.${action.replace(/[^a-z0-9]+/gi, '_')}`;

/**
 * Words for the fields the server writes, in the reader's language: a name from `audit.fields`, an
 * amount in agorot (`…Agorot`) as shekels, a status or reason from `audit.values`, a date in the
 * language's format; anything without words is shown as stored.
 */
export function auditFieldWords(lng: string, words: (key: string) => string | undefined): FieldWords {
  const shekels = new Intl.NumberFormat(lng, { style: 'currency', currency: 'ILS' });
  const day = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    label: (key) => words(`audit.fields.${key}`) ?? key,
    value: (key, v) => {
      if (typeof v === 'number' && key.endsWith('Agorot')) return shekels.format(v / 100);
      if (typeof v === 'string' && (key === 'status' || key === 'inactiveReason')) return words(`audit.values.${v}`) ?? v;
      if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return day.format(new Date(`${v}T00:00:00Z`));
      return AS_STORED.value(key, v);
    },
  };
}
