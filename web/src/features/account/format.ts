/** Formatting for the account screen, in the reader's language. */

/** An ISO calendar date (YYYY-MM-DD) shown as that same day, whatever the browser's time zone. */
export function formatDate(isoDate: string, lng: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return new Intl.DateTimeFormat(lng, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

export function formatIls(amount: number, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'currency', currency: 'ILS' }).format(amount);
}

/** Never more than the last four digits, whatever the server sends. */
export function maskedCardNumber(last4: string): string {
  return `•••• ${last4.replace(/\D/g, '').slice(-4)}`;
}

export const formatExpiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;

/** Card brands are proper names, written the same in every language. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  isracard: 'Isracard',
};
export const brandName = (brand: string): string | undefined => BRAND_NAMES[brand.toLowerCase()];

/** A moment as date and time in the project's time zone (docs/product.md "Your own account"), whatever the browser's. */
export function formatMoment(instant: string, lng: string, timeZone: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return instant;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
}
