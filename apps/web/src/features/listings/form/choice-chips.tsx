import { Check, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { GroupError } from './field-parts';

export interface ChipOption {
  key: string;
  label: string;
  icon: LucideIcon;
}

interface ChipGroupProps {
  legend: string;
  hint?: ReactNode;
  options: ChipOption[];
  /** register(name) of the array field: checkboxes sharing a name give the list of checked keys */
  field: UseFormRegisterReturn;
  error?: string;
}

/** A set of toggle chips with icons. Each is a real checkbox, grouped by a fieldset and its legend. */
export function ChipGroup({ legend, hint, options, field, error }: ChipGroupProps) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map(({ key, label, icon: Icon }) => (
          <label
            key={key}
            className="group inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white py-2 pr-4 pl-3 text-sm font-medium text-slate-800 transition-colors select-none hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input type="checkbox" value={key} className="sr-only" {...field} />
            <Icon aria-hidden="true" className="size-4 group-has-checked:hidden" />
            <Check aria-hidden="true" className="hidden size-4 group-has-checked:block" />
            {label}
          </label>
        ))}
      </div>
      <div className="mt-2">
        <GroupError id={`${id}-error`} message={error} />
      </div>
    </fieldset>
  );
}
