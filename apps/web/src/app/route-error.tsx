import { Button } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/page';
import { ChunkLoadError } from './lazy-route';

/** A route that failed: a friendly message and a retry (a reload fetches the newest code). */
export function RouteError({ error }: { error: unknown }) {
  const chunk = error instanceof ChunkLoadError;
  const title = chunk ? 'This page could not be loaded' : 'Something went wrong';
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">
        {chunk ? 'Your connection may be slow or offline. Check it and try again.' : 'Please try again. If it keeps happening, contact our support team.'}
      </p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </div>
  );
}
