import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export interface PaymentFailureInfo {
  message: string;
  declined: boolean;
  /** the hold still runs: say so (a decline, the hourly cap on declines) */
  held?: boolean;
}

/** Why a payment was not taken, under the payment form; `children` for an action (try again). */
export function PaymentFailure({ failure, title, children }: { failure: PaymentFailureInfo; title?: string; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="flex gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {title ?? (failure.declined ? 'Payment declined' : 'Payment not taken')}
      </p>
      <p className="mt-1">{failure.message}</p>
      {failure.held && <p className="mt-1">Your space is still held while the timer runs.</p>}
      {children}
    </div>
  );
}
