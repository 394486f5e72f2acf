import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFaqs } from './api/get-faqs';
import { FaqGroups } from './components/faq-list';
import { HelpAside } from './components/help-aside';
import { LoadError } from './components/load-error';
import { PageHero } from './components/page-hero';
import { SearchBox } from './components/search-box';
import { TextSkeleton } from './components/text-skeleton';

const DEBOUNCE_MS = 250;

/** The search text lives in the URL (?q=); typing updates it after a short pause. */
function useDebouncedQueryParam() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true }), DEBOUNCE_MS);
  };
  return { q, text, change };
}

function NoMatch({ q }: { q: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center">
      <p className="font-medium text-slate-900">No questions match “{q}”.</p>
      <p className="mt-1 text-slate-600">
        Try other words, or{' '}
        <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2">
          contact our support team
        </Link>
        .
      </p>
    </div>
  );
}

export default function FaqPage() {
  const { q, text, change } = useDebouncedQueryParam();
  const faqs = useFaqs(q);
  return (
    <>
      <PageHero eyebrow="Help" title="Frequently asked questions" documentTitle="FAQ" intro="Quick answers about booking, hosting, payments and your account.">
        <form role="search" className="mt-6 max-w-xl" onSubmit={(e) => e.preventDefault()}>
          <SearchBox id="faq-search" label="Search the FAQ" hideLabel placeholder="Search the FAQ, e.g. refund or cancel" value={text} onChange={(e) => change(e.target.value)} />
        </form>
      </PageHero>
      <div className="mx-auto grid grid-cols-1 max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className={`min-w-0 transition-opacity ${faqs.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={faqs.isFetching}>
          {faqs.isPending ? (
            <TextSkeleton lines={8} />
          ) : faqs.isError ? (
            <LoadError what="the questions" onRetry={() => void faqs.refetch()} />
          ) : faqs.data.length === 0 ? (
            q ? <NoMatch q={q} /> : <p className="text-slate-600">No questions have been added yet.</p>
          ) : (
            <>
              <p className="sr-only" role="status">
                {q ? `${faqs.data.length} questions match your search.` : ''}
              </p>
              <FaqGroups faqs={faqs.data} />
            </>
          )}
        </div>
        <aside>
          <HelpAside showFaq={false} />
        </aside>
      </div>
    </>
  );
}
