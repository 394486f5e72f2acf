import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

/** A labelled select that shows its error under it, styled as the app's text fields. */
export function SelectField({
  label,
  error,
  children,
  ref,
  ...props
}: { label: string; error?: string; children: ReactNode; ref?: Ref<HTMLSelectElement> } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
