import { ApiError } from './api-client';

/**
 * Sets one field's error; react-hook-form's setError and useCheckedForm's both fit. Typed without
 * react-hook-form, so forms on first-load pages can use it without loading that library.
 */
type SetFieldError<F extends string> = (field: F, error: { type: 'server'; message: string }) => void;

/** Puts the server's per-field errors next to the fields; returns the message for the form as a whole. */
export function applyServerErrors<F extends string>(err: unknown, setError: SetFieldError<F>, fields: readonly string[]): string | null {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  let placed = false;
  for (const [field, message] of Object.entries(err.errors ?? {})) {
    if (fields.includes(field)) {
      setError(field as F, { type: 'server', message });
      placed = true;
    }
  }
  return placed ? null : err.message;
}
