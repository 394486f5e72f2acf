import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/page';

export default function NotFoundPage() {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <DocumentTitle title="Page Not Found" />
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        Go to the home page
      </Link>
    </div>
  );
}
