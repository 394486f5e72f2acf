import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DocumentTitle } from '../../../components/ui/page';

/** A screen whose data could not be loaded (network, server): say so and offer a retry. */
export function LoadFailed({ onRetry, what = 'this page' }: { onRetry: () => void; what?: string }) {
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-20 text-center">
      <DocumentTitle title="Could not be loaded" />
      <h1 className="text-2xl font-bold text-slate-900">We could not load {what}</h1>
      <p className="mt-3 text-slate-600">Check your connection and try again.</p>
      <Button className="mt-6" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" /> Try again
      </Button>
    </div>
  );
}
