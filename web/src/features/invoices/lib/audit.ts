/** How the audit log shows an entry's values (docs/product.md "Tax invoice", platform admin's project page). */

/** A value as short text: `key: value` pairs for an object, `—` for nothing. */
export function compactValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
      .join(', ');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "before → after", or the one that exists; null when the entry records no change. */
export function changeText(before: unknown, after: unknown): string | null {
  const has = (v: unknown) => v !== null && v !== undefined;
  if (!has(before) && !has(after)) return null;
  return `${compactValue(before)} → ${compactValue(after)}`;
}

/** The i18n key of an action's words (`invoice.paid` → `audit.actions.invoice_paid`). */
export const actionKey = (action: string) => `audit.actions.${action.replace(/[^a-z0-9]+/gi, '_')}`;
