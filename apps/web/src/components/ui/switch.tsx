import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** An on/off switch: a real checkbox (role switch) under a drawn track, so it works with forms and keyboards. */
export function Switch({ label, description, ref, className = '', ...props }: SwitchProps) {
  const id = useId();
  return (
    <div className={`flex items-start justify-between gap-4 ${className}`}>
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
        <span className="block font-medium text-slate-900">{label}</span>
        {description && <span className="mt-0.5 block text-sm text-slate-600">{description}</span>}
      </label>
      <span className="relative inline-flex shrink-0 items-center">
        <input id={id} ref={ref} type="checkbox" role="switch" className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0" {...props} />
        <span
          aria-hidden="true"
          className="h-7 w-12 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-50"
        />
        <span aria-hidden="true" className="pointer-events-none absolute left-1 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5" />
      </span>
    </div>
  );
}
