import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-field';
import { DocumentTitle } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';

/** A console screen: heading, a line on what it is for, actions on the right, then the content. */
export function AdminPage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <DocumentTitle title={`${title} · Admin`} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** A white panel with an optional heading, the console's unit of layout. */
export function AdminPanel({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {title && <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>}
      {children}
    </section>
  );
}

/** The way back from a console screen to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" /> {children}
    </Link>
  );
}

/**
 * One record of a console screen while it loads or when it cannot: a spinner, then the record, or the
 * screen's own words (`missing`) for one that does not exist (404, or an id that is not one: 400) and
 * the server's message for anything else.
 */
export function AdminRecord<T>({ query, loading, missing, children }: { query: UseQueryResult<T>; loading: string; missing?: string; children?: (record: T) => ReactNode }) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) {
    const gone = missing !== undefined && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return <FormAlert message={gone ? missing : query.error.message} />;
  }
  return <>{children?.(query.data)}</>;
}
