import { REVIEW_TEXT_MAX } from '@parkly/shared/reviews';
import { useId, type Ref, type TextareaHTMLAttributes } from 'react';

interface ReviewTextFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** what is typed now, for the counter */
  length: number;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A plain-text box with a 'n / 1000' counter under it that turns red past the limit; the error sits beside it. */
export function ReviewTextField({ label, length, error, ref, ...props }: ReviewTextFieldProps) {
  const id = useId();
  const over = length > REVIEW_TEXT_MAX;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={`block min-h-32 w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${error || over ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p id={`${id}-count`} className={`shrink-0 text-xs tabular-nums ${over ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
          {length} / {REVIEW_TEXT_MAX}
          <span className="sr-only"> characters</span>
        </p>
      </div>
    </div>
  );
}
