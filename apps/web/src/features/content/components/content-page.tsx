import type { PageName } from '@parkly/shared/content';
import type { ReactNode } from 'react';
import { usePages } from '../api/get-pages';
import { LoadError } from './load-error';
import { PageHero } from './page-hero';
import { RichText } from '../../../components/rich-text';
import { TextSkeleton } from './text-skeleton';

/**
 * A page whose text comes from `POST pages`: every entry becomes a section (its title as a heading,
 * its description as rich text), in the order the server sends them.
 */
export function ContentPage({ pageName, title, eyebrow, intro, aside }: { pageName: PageName; title: string; eyebrow?: string; intro?: ReactNode; aside?: ReactNode }) {
  const pages = usePages(pageName);
  const entries = Object.entries(pages.data ?? {});
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} intro={intro} />
      <div className="mx-auto grid grid-cols-1 max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {pages.isPending ? (
            <TextSkeleton lines={9} />
          ) : pages.isError ? (
            <LoadError what="this page" onRetry={() => void pages.refetch()} />
          ) : entries.length === 0 ? (
            <p className="text-slate-600">This page has no content yet.</p>
          ) : (
            entries.map(([key, entry]) => (
              <section key={key} aria-labelledby={entry.page_title && entry.page_title !== title ? `section-${key}` : undefined} className="mb-8 last:mb-0">
                {entry.page_title && entry.page_title !== title && (
                  <h2 id={`section-${key}`} className="text-2xl font-semibold tracking-tight text-slate-900">
                    {entry.page_title}
                  </h2>
                )}
                <RichText text={entry.page_description} />
              </section>
            ))
          )}
        </div>
        {aside && <aside className="space-y-4">{aside}</aside>}
      </div>
    </>
  );
}
