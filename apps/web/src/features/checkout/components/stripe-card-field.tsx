import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { stripeJsQueryOptions } from '../../../lib/payments/stripe-js';

export interface StripeCard {
  stripe: Stripe;
  card: StripeCardElement;
}

interface Props {
  publishableKey: string;
  /** what Stripe says about the card as typed (incomplete number, expired, ...), or a later error */
  error?: string;
  onReady: (card: StripeCard | null) => void;
  onChange: (change: { error?: string; complete: boolean }) => void;
}

// Stripe draws the fields in its own frame: the app's text colours and size, passed as its style
const STYLE = {
  base: { fontSize: '16px', color: '#0f172a', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', '::placeholder': { color: '#94a3b8' } },
  invalid: { color: '#b91c1c' },
};

/**
 * Stripe Elements' card field (number, expiry, security code): the card goes from this frame to Stripe
 * and never through Parkly. Stripe's own messages about it show under the field.
 */
export function StripeCardField({ publishableKey, error, onReady, onChange }: Props) {
  const id = useId();
  const stripe = useQuery(stripeJsQueryOptions(publishableKey));
  const mountRef = useRef<HTMLDivElement>(null);
  // the latest callbacks, without mounting the card again when they change
  const callbacks = useRef({ onReady, onChange });
  useEffect(() => {
    callbacks.current = { onReady, onChange };
  });

  // mounting a third-party widget into the DOM (not fetching): the element lives as long as the field
  useEffect(() => {
    const node = mountRef.current;
    if (!stripe.data || !node) return;
    const card = stripe.data.elements({ locale: 'en' }).create('card', { hidePostalCode: true, style: STYLE });
    card.mount(node);
    card.on('change', (e) => callbacks.current.onChange({ error: e.error?.message, complete: e.complete }));
    callbacks.current.onReady({ stripe: stripe.data, card });
    return () => {
      callbacks.current.onReady(null);
      card.destroy();
    };
  }, [stripe.data]);

  if (stripe.isError) {
    return (
      <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <p>The secure card form could not be loaded. Check your connection and try again.</p>
        <Button variant="secondary" className="mt-2" onClick={() => void stripe.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-1.5">
      {/* the inputs are inside Stripe's frame, each named by Stripe: this names their group */}
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        Card information
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={`relative min-h-11 rounded-lg border bg-white px-3 py-3 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        {stripe.isPending && <Spinner label="Loading the secure card form" />}
        <div ref={mountRef} />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="flex items-center gap-1.5 text-xs text-slate-600">
          <Lock aria-hidden="true" className="size-3.5" />
          Your card goes straight to Stripe, our payment provider; Parkly never sees its number.
        </p>
      )}
    </div>
  );
}
