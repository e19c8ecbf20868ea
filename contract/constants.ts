/** Business constants (docs/product.md "Business constants"), written once. */
export const LOCALES = ['he', 'en', 'ru', 'ar', 'uk', 'hi', 'am'] as const;
export type Locale = (typeof LOCALES)[number];
export const RTL_LOCALES: readonly Locale[] = ['he', 'ar'];
export const DEFAULT_LOCALE: Locale = 'he';

export const SESSION_IDLE_MINUTES = 120;
export const SESSION_ABSOLUTE_HOURS = 12;
export const IDLE_PROMPT_MINUTES = 115;
export const WORKER_IDLE_MINUTES = 30;
export const WORKER_WARNING_MINUTES = 5;

export const DEFAULT_MONTHLY_PRICE_ILS = 1399;
/** At least 8 characters, above the original product's 6 (docs/product.md "Validation rules"; OWASP ASVS 6.2.1). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PHOTO_BYTES = 10_485_760;
export const MAX_UNIT_SUGGESTIONS = 10;

export const UNIT_STATUSES = ['clean', 'in_progress', 'needs_cleaning', 'inactive'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export const ROLES = ['admin', 'manager', 'cleaner'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who may call an API route; every route declares one (docs/decisions/017-access-on-the-route.md).
 * `worker`: no sign-in, a QR id or a unit/task id in the request is the capability.
 */
export const ACCESS_LEVELS = ['public', 'worker', 'member', 'manager', 'admin', 'platformAdmin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
/** The project roles each signed-in project level admits. */
export const ROLES_BY_ACCESS = {
  member: ROLES,
  manager: ['admin', 'manager'],
  admin: ['admin'],
} as const satisfies Record<'member' | 'manager' | 'admin', readonly Role[]>;
