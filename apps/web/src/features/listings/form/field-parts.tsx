import { CircleAlert } from 'lucide-react';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export const selectClass = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${error ? 'border-red-600' : 'border-slate-300'}`;

/** An error about a group of fields (chips, a day of hours, the rates): focusable so a failed save can bring it into view. */
export function GroupError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} tabIndex={-1} data-field-error className="flex items-start gap-1.5 text-sm text-red-700 focus:outline-none">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

interface AffixFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** shown inside the box before the value, e.g. ₹ */
  prefix?: string;
  /** shown inside the box after the value, e.g. m or kW */
  suffix?: string;
  ref?: Ref<HTMLInputElement>;
  /** hide the label visually (another element already names the field) */
  srOnlyLabel?: boolean;
}

/** A labelled text input with a unit before or after the value; its error and hint are tied to it. */
export function AffixField({ label, error, hint, prefix, suffix, ref, srOnlyLabel, className = '', ...props }: AffixFieldProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={id} className={srOnlyLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <div
        className={`flex items-center rounded-lg border bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 ${error ? 'border-red-600' : 'border-slate-300'} ${props.disabled ? 'bg-slate-50' : ''}`}
      >
        {prefix && (
          <span aria-hidden="true" className="pl-3 text-base text-slate-500">
            {prefix}
          </span>
        )}
        <input
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="block w-full min-w-0 rounded-lg border-0 bg-transparent px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:text-slate-400"
          {...props}
        />
        {suffix && (
          <span aria-hidden="true" className="pr-3 text-sm whitespace-nowrap text-slate-500">
            {suffix}
          </span>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
