import type { CheckResult, FieldErrors } from '@parkly/shared/account-checks';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/**
 * A form of plain text fields checked by a function (the shared checks of account-checks.ts) instead of
 * react-hook-form with a zod schema: the pages a visitor opens first (/login, /sign_up) then load neither.
 * It behaves as those forms did: fields are checked on submit, the first wrong one takes the focus, and
 * after a submit each field is checked again as it changes; the server's per-field errors show beside the
 * fields (applyServerErrors).
 */
export function useCheckedForm<F extends string, T>(fields: readonly F[], check: (values: Record<F, string>) => CheckResult<F, T>) {
  const inputs = useRef(new Map<F, HTMLInputElement>());
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const values = () => Object.fromEntries(fields.map((f) => [f, inputs.current.get(f)?.value ?? ''])) as Record<F, string>;

  const register = (field: F) => ({
    name: field,
    ref: (el: HTMLInputElement | null) => {
      if (el) inputs.current.set(field, el);
      else inputs.current.delete(field);
    },
    onChange: (_e: ChangeEvent<HTMLInputElement>) => {
      if (!submitted) return;
      const result = check(values());
      const message = result.ok ? undefined : result.errors[field];
      setErrors((prev) => (prev[field] === message ? prev : { ...prev, [field]: message }));
    },
  });

  const setError = (field: F, error: { message: string }) => setErrors((prev) => ({ ...prev, [field]: error.message }));

  const handleSubmit = (onValid: (values: T) => Promise<void>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const result = check(values());
    if (!result.ok) {
      setErrors(result.errors);
      inputs.current.get(fields.find((f) => result.errors[f] !== undefined)!)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(result.values);
    } finally {
      setSubmitting(false);
    }
  };

  return { register, errors, setError, handleSubmit, isSubmitting };
}
