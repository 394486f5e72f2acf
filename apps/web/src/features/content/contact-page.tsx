import { Spinner } from '../../components/ui/spinner';
import { useToken } from '../../lib/use-session';
import { useProfile } from '../accounts/api/get-profile';
import { usePages } from './api/get-pages';
import { ContactForm } from './components/contact-form';
import { PageHero } from './components/page-hero';
import { RichText } from '../../components/rich-text';
import { SupportDetails } from './components/support-details';

const FALLBACK_INTRO = 'Questions about a booking, your listing or your account? Send us a message and our team will reply by e-mail.';

function Intro() {
  const contact = usePages('contact');
  const text = Object.values(contact.data ?? {})
    .map((entry) => entry.page_description)
    .join('\n\n');
  return <RichText text={text || FALLBACK_INTRO} className="[&>*:first-child]:mt-0" />;
}

/** Logged-in people find their name and e-mail already filled in. */
function PrefilledForm() {
  const token = useToken();
  const profile = useProfile();
  if (token && profile.isPending) return <Spinner label="Loading your details" />;
  return <ContactForm key={profile.data?.id ?? 'guest'} defaults={{ name: profile.data?.name ?? '', email: profile.data?.email ?? '' }} />;
}

export default function ContactPage() {
  return (
    <>
      <PageHero eyebrow="Support" title="Contact Us" intro="We usually reply within one working day." />
      <div className="mx-auto grid grid-cols-1 max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="contact-form-heading" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="contact-form-heading" className="text-xl font-semibold text-slate-900">
            Write to us
          </h2>
          <div className="mt-2 mb-6">
            <Intro />
          </div>
          <PrefilledForm />
        </section>
        <aside aria-labelledby="contact-details-heading" className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6">
          <h2 id="contact-details-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Other ways to reach us
          </h2>
          <SupportDetails />
        </aside>
      </div>
    </>
  );
}
