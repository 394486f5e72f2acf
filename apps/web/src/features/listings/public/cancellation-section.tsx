import { CANCELLATION_POLICIES } from '@parkly/shared/catalog';
import type { PublicListing } from '@parkly/shared/listings';
import { ShieldCheck } from 'lucide-react';
import { Section } from './section';

/** The policy in plain words, with the promise that holds whatever the policy. */
export function CancellationSection({ listing }: { listing: PublicListing }) {
  const policy = CANCELLATION_POLICIES[listing.cancellation_policy];
  return (
    <Section title="Cancellation policy">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="font-semibold text-slate-900">{policy.label}</p>
          <p className="mt-1 text-slate-700">{policy.description}</p>
          <p className="mt-2 text-sm text-slate-600">If the host cancels, you always get a full refund.</p>
        </div>
      </div>
    </Section>
  );
}
