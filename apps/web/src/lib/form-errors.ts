import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's per-field errors next to the fields; returns the message for the form as a whole. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string | null {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  let placed = false;
  for (const [field, message] of Object.entries(err.errors ?? {})) {
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      placed = true;
    }
  }
  return placed ? null : err.message;
}
