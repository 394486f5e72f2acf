import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { SECTIONS, type SectionKey } from './sections';

interface StepProgressProps {
  current: SectionKey;
  /** where each step lives; null while there is no draft to go back to */
  hrefOf: ((step: SectionKey) => string) | null;
  /** steps that still lack something the listing needs to go live */
  incomplete: ReadonlySet<SectionKey>;
}

/**
 * 'Step 3 of 8' with a bar on phones; the named steps as a list beside the form on wide screens.
 * The list marks the current step with aria-current and lets a host jump back to any saved step.
 */
export function StepProgress({ current, hrefOf, incomplete }: StepProgressProps) {
  const index = SECTIONS.findIndex((s) => s.key === current);
  const total = SECTIONS.length;
  return (
    <nav aria-label="Listing steps" className="lg:sticky lg:top-24 lg:self-start">
      <div className="lg:hidden">
        <p className="flex items-baseline justify-between text-sm">
          <span className="font-semibold text-brand-800">
            Step {index + 1} of {total}
          </span>
          <span className="text-slate-600">{SECTIONS[index]?.name}</span>
        </p>
        <div aria-hidden="true" className="mt-2 flex gap-1">
          {SECTIONS.map((s, i) => (
            <span key={s.key} className={`h-1.5 flex-1 rounded-full ${i <= index ? 'bg-brand-700' : 'bg-slate-200'}`} />
          ))}
        </div>
      </div>
      <ol className="hidden space-y-1 lg:block">
        {SECTIONS.map((s, i) => {
          const isCurrent = s.key === current;
          const done = i < index && !incomplete.has(s.key);
          const content = (
            <>
              <span
                aria-hidden="true"
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                  isCurrent ? 'bg-brand-700 text-white' : done ? 'bg-brand-100 text-brand-800' : 'border border-slate-300 bg-white text-slate-600'
                }`}
              >
                {done ? <Check className="size-4" /> : i + 1}
              </span>
              <span className={isCurrent ? 'font-semibold text-slate-900' : 'text-slate-700'}>
                <span className="sr-only">
                  Step {i + 1} of {total}:{' '}
                </span>
                {s.title}
                {done && <span className="sr-only"> (done)</span>}
              </span>
            </>
          );
          const cls = `flex min-h-11 items-center gap-3 rounded-xl px-3 py-2 text-sm ${isCurrent ? 'bg-white shadow-sm ring-1 ring-slate-200' : ''}`;
          return (
            <li key={s.key}>
              {hrefOf && !isCurrent ? (
                <Link to={hrefOf(s.key)} className={`${cls} hover:bg-white`}>
                  {content}
                </Link>
              ) : (
                <span className={cls} aria-current={isCurrent ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
