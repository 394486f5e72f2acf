import { CircleHelp, LifeBuoy, Mail } from 'lucide-react';
import { Link } from 'react-router';

/** The side card of content pages: where to go with a question. */
export function HelpAside({ showFaq = true }: { showFaq?: boolean }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="font-semibold text-slate-900">Still have a question?</h2>
      <p className="mt-1 text-sm text-slate-600">Our answers cover most things. If not, our team replies within a working day.</p>
      <ul className="mt-4 space-y-2 text-sm font-medium">
        {showFaq ? (
          <li>
            <Link to="/faq" className="inline-flex items-center gap-2 text-brand-700 hover:underline">
              <CircleHelp aria-hidden="true" className="size-4" /> Read the FAQ
            </Link>
          </li>
        ) : (
          <li>
            <Link to="/helper" className="inline-flex items-center gap-2 text-brand-700 hover:underline">
              <LifeBuoy aria-hidden="true" className="size-4" /> Help & Support
            </Link>
          </li>
        )}
        <li>
          <Link to="/contact" className="inline-flex items-center gap-2 text-brand-700 hover:underline">
            <Mail aria-hidden="true" className="size-4" /> Contact us
          </Link>
        </li>
      </ul>
    </div>
  );
}
