import { ArrowRight, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { useFaqs } from './api/get-faqs';
import { FaqItem } from './components/faq-list';
import { PageHero } from './components/page-hero';
import { SearchBox } from './components/search-box';
import { SupportDetails } from './components/support-details';
import { TextSkeleton } from './components/text-skeleton';

const TOP_QUESTIONS = 6;

function FaqSearch() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  return (
    <form
      role="search"
      className="mt-6 flex max-w-xl flex-col gap-2 sm:flex-row"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(q.trim() ? `/faq?q=${encodeURIComponent(q.trim())}` : '/faq');
      }}
    >
      <div className="flex-1">
        <SearchBox id="help-search" label="Search the FAQ" hideLabel placeholder="What do you need help with?" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <Button type="submit" className="min-h-12 px-6">
        Search
      </Button>
    </form>
  );
}

function TopQuestions() {
  const faqs = useFaqs();
  if (faqs.isPending) return <TextSkeleton lines={5} />;
  if (faqs.isError || faqs.data.length === 0) return <p className="text-slate-600">The FAQ could not be loaded right now. Contact us below and we will help.</p>;
  return (
    <div className="space-y-2">
      {faqs.data.slice(0, TOP_QUESTIONS).map((faq) => (
        <FaqItem key={faq.id} faq={faq} />
      ))}
    </div>
  );
}

export default function HelperPage() {
  return (
    <>
      <PageHero eyebrow="Help & Support" title="How can we help?" documentTitle="Help & Support" intro="Search our answers, or get in touch with the Parkly team.">
        <FaqSearch />
      </PageHero>
      <div className="mx-auto grid grid-cols-1 max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="top-questions" className="min-w-0">
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h2 id="top-questions" className="text-xl font-semibold text-slate-900">
              Top questions
            </h2>
            <Link to="/faq" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
              All questions <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <TopQuestions />
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="contact-options" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="contact-options" className="mb-4 text-lg font-semibold text-slate-900">
              Contact us
            </h2>
            <SupportDetails showAddress={false} />
            <Link to="/contact" className={buttonClass('primary', 'mt-6 w-full')}>
              Send us a message
            </Link>
          </section>
          <section aria-labelledby="chat-note" className="flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-5">
            <MessageCircle aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
            <div>
              <h2 id="chat-note" className="font-semibold text-slate-900">
                Chat with us any time
              </h2>
              <p className="mt-1 text-sm text-slate-700">The chat button at the bottom right of every page answers questions day and night.</p>
            </div>
          </section>
        </aside>
      </div>
    </>
  );
}
