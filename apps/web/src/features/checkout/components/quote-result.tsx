import type { Quote } from '@parkly/shared/bookings';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight, CircleAlert, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { Spinner } from '../../../components/ui/spinner';
import { PriceBreakdown } from './price-breakdown';

/** What to say when the server gave no sentence of its own. */
const FALLBACK = 'These times cannot be booked. Try other times.';

interface Props {
  quote: Quote | undefined;
  /** the window on screen is not valid yet (the fields say why) */
  noWindow: boolean;
  pending: boolean;
  /** the quote shown is the previous window's while the new one loads */
  stale: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** The live quote: the price lines, or why the window is not possible. Announced politely as it changes. */
export function QuoteResult({ quote, noWindow, pending, stale, failed, onRetry }: Props) {
  let body;
  if (noWindow) body = <p className="text-sm text-slate-600">Choose a start and an end to see the price.</p>;
  else if (pending) body = <Spinner label="Checking the price" />;
  else if (failed || !quote)
    body = (
      <div className="space-y-3 text-sm text-slate-700">
        <p>We could not check these times just now.</p>
        <Button variant="secondary" onClick={onRetry}>
          <RefreshCw aria-hidden="true" className="size-4" /> Try again
        </Button>
      </div>
    );
  else if (!quote.available)
    body = (
      <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="font-semibold">Not available: </span>
          {quote.message ?? FALLBACK}
        </span>
      </p>
    );
  else body = <PriceBreakdown lines={quote.lines} total={quote.total} currency={quote.currency} />;

  return (
    <div aria-live="polite" aria-busy={stale || pending} className={`transition-opacity ${stale ? 'opacity-60' : ''}`}>
      {body}
    </div>
  );
}

/**
 * The first step's sidebar foot, for a stay and a pass alike: the live quote (under `heading` when given), then
 * Continue to `next` (off until the quote for what is on screen says it can be booked), then `note`.
 */
export function QuoteAndContinue({ quote, noWindow, heading, next, note }: { quote: UseQueryResult<Quote>; noWindow: boolean; heading?: string; next: string | null; note: ReactNode }) {
  const ready = next !== null && !noWindow && quote.data?.available && !quote.isPlaceholderData;
  const label = (
    <>
      Continue <ArrowRight aria-hidden="true" className="size-5" />
    </>
  );
  return (
    <>
      <div className="mt-4 border-t border-slate-100 pt-4">
        {heading && <h3 className="mb-2 text-sm font-semibold text-slate-900">{heading}</h3>}
        <QuoteResult
          quote={quote.data}
          noWindow={noWindow}
          pending={quote.isPending}
          stale={quote.isPlaceholderData}
          failed={quote.isError && !(quote.error instanceof ApiError && quote.error.code === 'VALIDATION')}
          onRetry={() => void quote.refetch()}
        />
      </div>
      {ready ? (
        <Link to={next} className={buttonClass('primary', 'mt-5 min-h-12 w-full text-base')}>
          {label}
        </Link>
      ) : (
        <Button disabled className="mt-5 min-h-12 w-full text-base">
          {label}
        </Button>
      )}
      <p className="mt-3 text-center text-xs text-slate-600">{note}</p>
    </>
  );
}
