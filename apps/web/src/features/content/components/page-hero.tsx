import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/ui/page';

/** The tinted band at the top of a content page: an eyebrow, the h1 and a line of intro. */
/** `documentTitle` names the browser tab when it should differ from the heading. */
export function PageHero({ eyebrow, title, documentTitle, intro, children }: { eyebrow?: string; title: string; documentTitle?: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <header className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
      <DocumentTitle title={documentTitle ?? title} />
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {intro && <div className="mt-3 max-w-2xl text-lg text-slate-600">{intro}</div>}
        {children}
      </div>
    </header>
  );
}
