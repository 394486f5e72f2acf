import { CircleCheck, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface RadioCardOption {
  value: string;
  label: string;
  description: ReactNode;
  icon?: LucideIcon;
}

/** A choice between a few options explained in words: real radios under cards, grouped by a fieldset. */
interface RadioCardsProps {
  legend: string;
  hint?: string;
  options: RadioCardOption[];
  field: UseFormRegisterReturn;
  columns?: string;
}

export function RadioCards({ legend, hint, options, field, columns = 'sm:grid-cols-3' }: RadioCardsProps) {
  const id = useId();
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className={`mt-3 grid grid-cols-1 gap-2.5 ${columns}`}>
        {options.map(({ value, label, description, icon: Icon }) => (
          <label
            key={value}
            className="group relative flex cursor-pointer gap-3 rounded-2xl border-2 border-slate-200 bg-white p-4 transition-colors hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input type="radio" value={value} className="sr-only" {...field} />
            {Icon && (
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 group-has-checked:bg-brand-700 group-has-checked:text-white">
                <Icon className="size-5" />
              </span>
            )}
            <span className="min-w-0 flex-1 pr-6">
              <span className="block font-semibold text-slate-900">{label}</span>
              <span className="mt-0.5 block text-sm text-slate-600">{description}</span>
            </span>
            <CircleCheck aria-hidden="true" className="absolute top-3.5 right-3.5 hidden size-5 text-brand-700 group-has-checked:block" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
