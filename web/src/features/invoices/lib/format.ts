/**
 * How the tax invoice writes money and dates (docs/product.md "Tax invoice"): shekels from integer
 * agorot with two decimals and ₪ in the Israeli style, and dates as dd/MM/yyyy — the same in every
 * interface language, because the document is an Israeli tax document.
 */
import { BILLING_TIME_ZONE } from '#contract/billing.ts';

const ILS = new Intl.NumberFormat('he-IL', { style: 'currency', currency: 'ILS' });

export const formatAgorot = (agorot: number): string => ILS.format(agorot / 100);

/** A calendar date (YYYY-MM-DD) as dd/MM/yyyy, the same day whatever the browser's time zone. */
export function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : isoDate;
}

/** A moment as its dd/MM/yyyy in Israel (the seller's and the tax authority's calendar). */
export function formatDayInIsrael(instant: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: BILLING_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(instant))
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/** Basis points as a percentage: 1800 → "18%", 1750 → "17.5%". */
export const formatVatRate = (basisPoints: number): string => `${basisPoints / 100}%`;

/** A moment in Israel's time, date and minutes, for the audit log (docs/product.md "Tax invoice"). */
export function formatMomentInIsrael(instant: string, lng: string): string {
  return new Intl.DateTimeFormat(lng, {
    timeZone: BILLING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}
