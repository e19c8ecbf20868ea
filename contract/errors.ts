/** The one error shape of the API: an HTTP status and `{ message }` (plus `issues` on validation errors). */
export interface ApiErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}
