import type { ReactNode } from 'react';

/** The document title for a screen (React 19 hoists <title> into the head). */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{title ? `${title} · Parkly` : 'Parkly · Parking and vehicle storage'}</title>;
}

/** The standard frame of a screen: a width, a heading (h1) and optional text under it. */
export function Page({ title, intro, children, width = 'max-w-5xl' }: { title: string; intro?: ReactNode; children: ReactNode; width?: string }) {
  return (
    <div className={`mx-auto w-full ${width} px-4 py-8 sm:px-6 sm:py-12`}>
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {intro && <div className="mt-2 text-slate-600">{intro}</div>}
      <div className="mt-6">{children}</div>
    </div>
  );
}
