import { Check } from 'lucide-react';

const STEPS = ['Times', 'Details', 'Payment', 'Done'] as const;

/** Where the driver is in booking: times, details, payment, done. */
export function CheckoutSteps({ current }: { current: 0 | 1 | 2 | 3 }) {
  return (
    <nav aria-label="Booking steps" className="mb-6">
      <ol className="flex items-center gap-2 text-xs font-medium sm:text-sm">
        {STEPS.map((label, i) => {
          const done = i < current;
          const here = i === current;
          return (
            <li key={label} aria-current={here ? 'step' : undefined} className="flex min-w-0 items-center gap-2">
              <span
                aria-hidden="true"
                className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  done ? 'bg-brand-700 text-white' : here ? 'bg-brand-50 text-brand-800 ring-2 ring-brand-700' : 'bg-slate-100 text-slate-600'
                }`}
              >
                {done ? <Check className="size-3.5" /> : i + 1}
              </span>
              <span className={here ? 'text-slate-900' : 'text-slate-600'}>
                {label}
                {done && <span className="sr-only"> (done)</span>}
              </span>
              {i < STEPS.length - 1 && <span aria-hidden="true" className="h-px w-3 bg-slate-300 sm:w-8" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
