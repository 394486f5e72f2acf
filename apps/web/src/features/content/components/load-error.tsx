import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A fetch that failed: say so plainly and offer to try again. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-slate-200 bg-slate-50 px-5 py-8 text-center">
      <p className="font-medium text-slate-900">We could not load {what}.</p>
      <p className="mt-1 text-sm text-slate-600">Check your connection and try again.</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </div>
  );
}
