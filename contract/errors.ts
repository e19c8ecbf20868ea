/**
 * Every refusal the API can give, by code. The code decides what a client does and which words it
 * shows (the web app has one i18n key per code, `errors:<code>`, in all seven languages); the
 * `message` beside it is English for logs, curl and tests, never shown to a user of the web app
 * (docs/decisions/018-error-codes.md).
 */
export const ERROR_CODES = [
  // Any route
  'validation_failed',
  'bad_request',
  'text_invalid',
  'payload_too_large',
  'unsupported_media_type',
  'unauthorized',
  'forbidden',
  'cross_site_refused',
  'not_found',
  'rate_limited',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'request_in_progress',
  'database_unavailable',
  'storage_unavailable',
  'shutting_down',
  'internal_error',
  'client_gone',
  // Reports and exports (docs/decisions/034-no-tenant-stalls.md)
  'export_in_progress',
  'report_timed_out',
  // Sign-in, registration, account
  'invalid_credentials',
  'login_rate_limited',
  'username_taken',
  'account_inactive',
  'project_not_found',
  'card_invalid',
  'card_cvv_invalid',
  'card_expired',
  'card_declined',
  // Team
  'user_not_found',
  'cannot_delete_self',
  'owner_protected',
  'last_admin',
  'passwords_mismatch',
  // Own account and getting back in
  'current_password_wrong',
  'password_is_username',
  'password_unchanged',
  'password_change_required',
  'own_password_reset',
  'session_not_found',
  'current_session',
  'reset_link_invalid',
  'reset_link_expired',
  'password_reset_unavailable',
  'daily_digest_unavailable',
  'daily_digest_needs_email',
  'owner_not_found',
  // Billing and the platform admin
  'invoice_not_found',
  'account_already_active',
  'project_already_inactive',
  // Units, stages, schedules, templates, reports
  'unit_not_found',
  'units_not_found',
  'unit_number_taken',
  'unit_number_unknown',
  'too_many_project_units',
  'no_tasks',
  'too_many_schedule_rows',
  'too_many_unit_tasks',
  'template_not_found',
  'shortage_not_found',
  'measurement_not_found',
  // Worker pages
  'qr_not_found',
  'project_inactive',
  'task_not_found',
  'task_already_completed',
  'completed_at_in_future',
  'completed_at_too_old',
  'photo_required',
  'photo_missing',
  // Quality loop: undo and review
  'undo_other_device',
  'undo_window_passed',
  'task_not_completed',
  // Photos
  'photo_not_found',
  'photo_empty',
  'photo_type_unsupported',
  'photo_quota_exceeded',
  'upload_unknown',
  'upload_expired',
  'upload_in_progress',
  'unit_uploads_busy',
  'device_uploads_busy',
  // Live updates
  'live_streams_exceeded',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Values a code's words may use (a unit number, a worker's name, a limit). */
export type ErrorParams = Record<string, string | number>;

/**
 * The one error shape of the API: an HTTP status and `{ code, message }`, plus `params` for the words
 * and `issues` (one per field) on validation errors.
 */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  params?: ErrorParams;
  issues?: { path: string; message: string }[];
}
