import { BadgeCheck, CalendarCheck, Headset, type LucideIcon, ReceiptIndianRupee } from 'lucide-react';
import { SectionHeading } from './section-heading';

const POINTS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: CalendarCheck, title: 'No double booking', text: 'A space you book is yours for that time. Our system never sells the same slot twice.' },
  { icon: ReceiptIndianRupee, title: 'Honest prices', text: 'The service fee is shown up front, and the price you see is the price you pay.' },
  { icon: BadgeCheck, title: 'Verified hosts', text: 'Hosts send a government ID, and verified hosts carry a badge on their listings.' },
  { icon: Headset, title: 'Help when you need it', text: 'Chat with us any time, or reach our support team by e-mail and phone.' },
];

export function TrustPoints() {
  return (
    <section aria-labelledby="trust-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <SectionHeading id="trust-heading" eyebrow="Why Parkly" title="Built so you can park without worry" />
      <ul className="mt-8 grid grid-cols-1 gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-4">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 sm:block">
            <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="size-6" />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900 sm:mt-4">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
