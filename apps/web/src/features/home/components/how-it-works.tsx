import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeading } from './section-heading';

const DRIVERS = [
  { title: 'Search', text: 'Enter where and when. See spaces on a map with their prices.' },
  { title: 'Book', text: 'Pick a space and pay securely. The total, fee included, is shown before you pay.' },
  { title: 'Park', text: 'Get directions and access details once your booking is confirmed.' },
];
const HOSTS = [
  { title: 'List', text: 'Describe your space, add photos and set where it is. It takes two minutes.' },
  { title: 'Choose', text: 'Set your prices and hours, and book guests instantly or by request.' },
  { title: 'Earn', text: 'Get paid for every booking and follow your earnings and payouts.' },
];

function Steps({ title, steps }: { title: string; steps: typeof DRIVERS }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <ol className="mt-5 space-y-5">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-4">
            <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">
              {i + 1}
            </span>
            <div>
              <p className="font-semibold text-slate-900">{step.title}</p>
              <p className="mt-0.5 text-sm text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <SectionHeading id="how-heading" eyebrow="How it works" title="Three steps, whichever side you are on" />
        <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2">
          <Steps title="For drivers" steps={DRIVERS} />
          <Steps title="For hosts" steps={HOSTS} />
        </div>
        <Link to="/work" className="mt-8 inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:underline">
          More about how Parkly works <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}
