import type { Faq } from '@parkly/shared/content';
import { ChevronDown } from 'lucide-react';
import { RichText } from '../../../components/rich-text';

/** Questions in the order they came, grouped under their category. */
export function groupByCategory(faqs: Faq[]): [string, Faq[]][] {
  const groups = new Map<string, Faq[]>();
  for (const faq of faqs) groups.set(faq.category, [...(groups.get(faq.category) ?? []), faq]);
  return [...groups];
}

/** One question: a native disclosure (keyboard and screen readers get expanded/collapsed for free). */
export function FaqItem({ faq }: { faq: Faq }) {
  return (
    <details className="group rounded-xl border border-slate-200 bg-white open:border-brand-200 open:shadow-sm">
      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-xl px-4 py-3.5 font-medium text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span>{faq.question}</span>
        <ChevronDown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
      </summary>
      <div className="px-4 pb-3">
        <RichText text={faq.answer} className="[&>*:first-child]:mt-0" />
      </div>
    </details>
  );
}

export function FaqGroups({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="space-y-10">
      {groupByCategory(faqs).map(([category, items]) => (
        <section key={category} aria-labelledby={`faq-${category}`}>
          <h2 id={`faq-${category}`} className="mb-3 text-xl font-semibold text-slate-900">
            {category}
          </h2>
          <div className="space-y-2">
            {items.map((faq) => (
              <FaqItem key={faq.id} faq={faq} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
